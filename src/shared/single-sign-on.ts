/** What Settings' Account tab shows of single sign-on (docs/decisions/064-oidc.md). */
export interface AccountSingleSignOn {
  /** The provider's name: "Link <label>". */
  label: string;
  /** The account signs in with the provider already. */
  linked: boolean;
  /** Where "Link <label>" goes: the sign-in's start, tagged for this session. */
  linkHref: string;
  /** OIDC_ONLY: no password to change. */
  passwordsOff: boolean;
}
