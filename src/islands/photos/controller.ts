/**
 * What a form needs from its photo attachments when it sends, without loading the photo code:
 * the ids of the finished uploads, or a sentence saying why it cannot send yet.
 */
export interface PhotoController {
  /** Ids of the uploads that finished, in the order they were picked. */
  ids(): string[];
  /** Why the form cannot be sent yet (an upload in progress or failed), or null. */
  blocker(): string | null;
  /** Forget every photo (after the form was sent). */
  clear(): void;
}

export interface PhotoControllerRef {
  current: PhotoController | null;
}
