/** @module The Admin page's islands, one chunk (docs/decisions/065-page-bundles.md). */
export { default as InviteCodeForm } from "./InviteCodeForm";
export { default as DeploymentNotice } from "./DeploymentNotice";
export { default as WebhookAddresses } from "./WebhookAddresses";
