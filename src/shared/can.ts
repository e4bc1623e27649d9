/**
 * @module What a caller may do on one list, as the server's access policy (src/domain/access.ts)
 * decides it and sends it with the list: islands show or hide controls by these flags and never
 * work the rules out from the access level themselves. The server checks every call again.
 */
export interface ListCan {
  /** Tick and untick items: every level but `read`. */
  tick: boolean;
  /**
   * Change the items in any other way: add, edit, delete, move, paste, import, reset completions,
   * and undo the caller's own deletions. `write` and `admin` recipients, link holders at `write`,
   * and the owner.
   */
  edit: boolean;
  /** Clear completed items: the owner only. */
  clearCompleted: boolean;
  /** Undo a deletion someone else made: the owner only (anyone else may undo only their own). */
  restoreAnyDeleted: boolean;
  /** Rename the list: the owner only. */
  renameList: boolean;
  /** Set when the list resets itself, or stop it (docs/decisions/053-routines.md): the owner only. */
  setRoutine: boolean;
  /** Share and unshare by name, set the link's level and expiry, rotate the link: the owner only. */
  share: boolean;
  /** Delete the list and bring it back: the owner only. */
  deleteList: boolean;
  /**
   * Be told of the list's changes, and so mute them: the owner and named recipients (on every
   * browser of their account) and a link guest (the browser that subscribed through the link). Not
   * a signed-in person who opened the list by its link alone: their account is told of its own
   * lists and of lists shared with it by name.
   */
  beTold: boolean;
}
