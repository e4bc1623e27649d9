/** @module The Settings page's islands, one chunk (docs/decisions/065-page-bundles.md). */
export { default as AccountSettings } from "./AccountSettings";
export { default as Webhooks } from "./Webhooks";
export { default as ThemePicker } from "./ThemePicker";
export { default as ImportButton } from "../exchange/ImportButton";
