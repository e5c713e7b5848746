import type { ImageMetadata } from "astro";
import type { IllustrationKey, PortraitKey } from "./image-keys";
import homeRepairs from "./illustrations/home-repairs.svg";
import paintWallpaper from "./illustrations/paint-wallpaper.svg";
import plumbingHeating from "./illustrations/plumbing-heating.svg";
import kitchenBathroom from "./illustrations/kitchen-bathroom.svg";
import floorCarpet from "./illustrations/floor-carpet.svg";
import workshopVan from "./illustrations/workshop-van.svg";
import callumReid from "./team/callum-reid.svg";
import moragFraser from "./team/morag-fraser.svg";
import amirHussain from "./team/amir-hussain.svg";
import eilidhCampbell from "./team/eilidh-campbell.svg";

/** Image files by name (see image-keys.ts). Swap an import to replace an illustration with a photo. */
export const illustrations: Record<IllustrationKey, ImageMetadata> = {
  "home-repairs": homeRepairs,
  "paint-wallpaper": paintWallpaper,
  "plumbing-heating": plumbingHeating,
  "kitchen-bathroom": kitchenBathroom,
  "floor-carpet": floorCarpet,
  "workshop-van": workshopVan,
};

export const portraits: Record<PortraitKey, ImageMetadata> = {
  "callum-reid": callumReid,
  "morag-fraser": moragFraser,
  "amir-hussain": amirHussain,
  "eilidh-campbell": eilidhCampbell,
};
