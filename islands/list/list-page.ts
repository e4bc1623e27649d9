/**
 * @module The list page's islands, one chunk (docs/decisions/065-page-bundles.md): the list, its
 * header's toggles, share and menu, the routine line and who is here.
 */
export { default as ListScreen } from "./ListScreen";
export { default as CompletedToggle } from "./CompletedToggle";
export { default as ShareButton } from "./ShareButton";
export { default as ListMenu } from "./ListMenu";
export { default as RoutineLine } from "../routines/RoutineLine";
export { default as ListActivity } from "../activity/ListActivity";
