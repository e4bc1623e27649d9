/** @module The paste parser lives in src/shared/markdown-list.ts, where the server's Markdown import reads lists with the same rules. */
export { countPasted, parsePastedList, type PastedChild, type PastedItem } from "../../src/shared/markdown-list";
