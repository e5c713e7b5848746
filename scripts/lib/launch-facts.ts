/** The real facts `npm run doctor` and the build check: the site config, the team and the image keys. */
import { drawnImageKeys } from "../../src/assets/image-keys";
import { site } from "../../src/config/site";
import { team } from "../../src/data/team";
import type { LaunchFacts } from "./launch-check";

export const facts: LaunchFacts = { site, team, drawnImageKeys };
