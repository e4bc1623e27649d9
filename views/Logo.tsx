/** The mark and the name, linking home: small in the header, large above the sign-in forms. */
export function Logo({ large = false }: { large?: boolean }) {
  return (
    <a className={large ? "logo logo--large" : "logo"} href="/">
      <span className="logo__mark" aria-hidden="true">
        ✓
      </span>
      Listwell
    </a>
  );
}
