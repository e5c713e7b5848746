/**
 * The names of the site's images. Content refers to an image by name; src/assets/images.ts maps the
 * name to the file. To use a real photo, drop it in beside the illustration and change the import
 * there: no content or component changes.
 */
export const illustrationKeys = [
  "home-repairs",
  "paint-wallpaper",
  "plumbing-heating",
  "kitchen-bathroom",
  "floor-carpet",
  "workshop-van",
] as const;
export type IllustrationKey = (typeof illustrationKeys)[number];

export const portraitKeys = ["callum-reid", "morag-fraser", "amir-hussain", "eilidh-campbell"] as const;
export type PortraitKey = (typeof portraitKeys)[number];

/**
 * Images that are still the drawn stand-ins the site shipped with, not photos of the firm's own work
 * and people. When a real photo replaces one (src/assets/images.ts), take its key out of this list;
 * `npm run doctor` lists every key still here.
 */
export const drawnImageKeys: readonly (IllustrationKey | PortraitKey)[] = [
  ...illustrationKeys,
  ...portraitKeys,
];
