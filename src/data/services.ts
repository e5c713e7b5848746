/**
 * The four services: copy, features and process. Ids, titles and prices
 * come from the shared catalogue so the booking form, the admin and these pages never disagree.
 */
import { site } from "../config/site";
import { serviceCatalog, type ServiceId } from "../lib/service-catalog";
import { formatMoney, type Pence } from "../platform/money";
import { serviceSchema, type Service } from "./content-shapes";

/** "from £150 per room": an advertised starting price, whole pounds without ".00". */
export function startingPriceText(price: { readonly fromPence: Pence; readonly per: string }): string {
  return `from ${formatMoney(price.fromPence, { dropZeroPence: true })} per ${price.per}`;
}

function catalogue(id: ServiceId) {
  const entry = serviceCatalog.find((s) => s.id === id);
  if (!entry) throw new Error(`Unknown service id ${id}`);
  return {
    id: entry.id,
    title: entry.title,
    fromPence: entry.fromPence,
    per: entry.per,
    pricing: startingPriceText(entry),
    basis: entry.basis,
  };
}

const entries: Service[] = [
  {
    ...catalogue("paint-wallpaper"),
    shortDescription:
      "Interior and exterior painting and wallpapering with careful preparation, clean lines and no mess left behind.",
    fullDescription:
      "From a single tired hallway to a whole house, we fill, sand and prime before a drop of paint goes on, so the finish lasts. We hang everything from lining paper to patterned feature walls, and we protect your floors and furniture as if they were our own.",
    overview: [
      "A good paint job is mostly preparation. We fill cracks, sand back flaking gloss, treat stains and seal bare plaster before any colour goes on, so your walls stay smart for years rather than months.",
      "Older Scottish homes bring their own quirks: lath-and-plaster ceilings, cornicing and deep skirting. We know how to work with them, and we talk you through paint types that suit damp-prone rooms and busy family spaces.",
    ],
    icon: "paint-roller",
    image: "paint-wallpaper",
    imageAlt: "Illustration of a paint roller finishing a freshly papered wall",
    features: [
      "Interior walls, ceilings, woodwork and doors",
      "Exterior masonry, fascias and window frames",
      "Wallpaper hanging, lining paper and feature walls",
      "Filling, sanding and priming before every coat",
      "Dust sheets, tidy work and furniture moved and replaced",
    ],
    typicalJobs: [
      "Refreshing a lounge, hallway or stairwell",
      "Painting over stains after a leak",
      "Stripping and re-papering a bedroom",
      "Glossing skirting boards, doors and banisters",
      "Touching up before you sell or let a flat",
    ],
    process: [
      {
        title: "Free visit and colour chat",
        description:
          "We look at the rooms, measure up and talk through finishes and colours that suit the space.",
      },
      {
        title: "Clear written quote",
        description:
          "You get a fixed price for the job with materials listed, so there are no surprises later.",
      },
      {
        title: "Protect and prepare",
        description: "Floors and furniture are covered, then walls are filled, sanded, cleaned and primed.",
      },
      {
        title: "Paint or paper",
        description: "Two full coats as standard, or paper hung with matched patterns and sharp edges.",
      },
      {
        title: "Tidy and walk-round",
        description:
          "We clean up, put your room back together and check every wall with you before we leave.",
      },
    ],
  },
  {
    ...catalogue("plumbing-heating"),
    shortDescription:
      "Leaks, taps, toilets, radiators and heating faults fixed promptly, with same-day visits for emergencies where we can.",
    fullDescription:
      "A dripping tap, a radiator that stays cold or a leak through the ceiling: we find the cause and fix it properly. We fit and replace taps, toilets, showers and radiators, bleed and balance heating systems and sort out the small plumbing jobs that never seem to get done.",
    overview: [
      "Water gets everywhere, so plumbing problems are worth fixing fast. We carry common parts in the van and aim to fix most faults on the first visit, with same-day visits for emergencies wherever we can.",
      `We also look after the heating side: radiators that are cold at the top or bottom, noisy pipes, stiff valves and thermostats. Gas work on boilers is handled by our ${site.accreditations.gasPartner} partner, and we will always tell you when a job needs one.`,
    ],
    icon: "wrench",
    image: "plumbing-heating",
    imageAlt: "Illustration of a radiator, copper pipe run and a dripping tap",
    features: [
      "Leak detection and repairs",
      "Taps, toilets, showers and sinks fitted or replaced",
      "Radiator fitting, bleeding and balancing",
      "Outside taps and washing machine connections",
      "Same-day emergency visits where possible",
    ],
    typicalJobs: [
      "Fixing a dripping tap or running toilet",
      "Replacing a leaking shower mixer",
      "Moving or adding a radiator",
      "Clearing slow sinks and waste pipes",
      "Fitting an outside tap for the garden",
    ],
    process: [
      {
        title: "Tell us what is wrong",
        description:
          "Call or book online. For leaks we give you simple steps to limit the damage while we travel.",
      },
      {
        title: "Diagnose on site",
        description:
          "We find the real cause, not just the symptom, and explain what we have found in plain words.",
      },
      {
        title: "Agree the price",
        description: site.pricing.hourly,
      },
      {
        title: "Repair and test",
        description:
          "We fix the fault with quality parts and test the system under pressure to make sure it holds.",
      },
      {
        title: "Leave it dry and tidy",
        description:
          "We clean up, show you where your stopcock is and note anything worth keeping an eye on.",
      },
    ],
  },
  {
    ...catalogue("kitchen-bathroom"),
    shortDescription:
      "Kitchen and bathroom repairs and upgrades: worktops, cupboard doors, tiling, sealant and fittings done right.",
    fullDescription:
      "Kitchens and bathrooms work hard, and small faults soon spread. We repair and replace worktops, cupboard doors and hinges, re-tile splashbacks, renew mouldy sealant, and fit sinks, basins, vanity units, mirrors and accessories so the rooms you use most look and work as they should.",
    overview: [
      "Not every tired kitchen or bathroom needs ripping out. New doors and handles, a fresh worktop, regrouted tiles and clean silicone can make a room feel new for a fraction of the cost of a refit.",
      "When you do want more, we fit new basins, vanity units, toilets and splashbacks, and coordinate any electrical work with a qualified electrician so everything is certified.",
    ],
    icon: "bath",
    image: "kitchen-bathroom",
    imageAlt: "Illustration of a tiled bathroom with a vanity unit, basin and mirror",
    features: [
      "Worktops, cupboard doors, hinges and handles",
      "Wall and floor tiling, regrouting and splashbacks",
      "Sealant removed and renewed around baths and showers",
      "Sinks, basins, vanity units and toilets fitted",
      "Shelves, mirrors, towel rails and accessories put up",
    ],
    typicalJobs: [
      "Re-sealing a bath or shower tray",
      "Replacing sagging kitchen cupboard doors",
      "Tiling a new splashback",
      "Swapping an old basin for a vanity unit",
      "Fixing a loose toilet seat or cistern",
    ],
    process: [
      {
        title: "Survey the room",
        description:
          "We look at what you want changed, check the condition behind the scenes and take measurements.",
      },
      {
        title: "Plan and quote",
        description:
          "You get a written quote that lists each task, the materials and how long the room will be out of use.",
      },
      {
        title: "Order materials",
        description:
          "We source fittings and tiles to suit your budget, or fit the ones you have chosen yourself.",
      },
      {
        title: "Fit and finish",
        description:
          "Work is done in a sensible order to keep water and the room usable for as long as possible.",
      },
      {
        title: "Check and hand over",
        description:
          "We test every tap and seal, clean the room and leave you with care notes for new fittings.",
      },
    ],
  },
  {
    ...catalogue("floor-carpet"),
    shortDescription:
      "Laminate, engineered wood, vinyl and carpet laid level and neat, with the subfloor prepared properly first.",
    fullDescription:
      "A floor is only as good as what lies underneath it. We lift old coverings, level and repair subfloors, fix creaking boards and then lay laminate, engineered wood, luxury vinyl tile or carpet with neat thresholds, trimmed doors and fresh skirting or beading.",
    overview: [
      "Creaks, gaps and bouncy patches usually come from the floor below. We secure loose boards, replace damaged sections and level uneven areas so your new floor sits flat and lasts.",
      "We lay most floor types and help you choose what suits each room: warm carpet for bedrooms, water-resistant vinyl for kitchens and bathrooms, and hard-wearing laminate or engineered wood for busy hallways.",
    ],
    icon: "layers",
    image: "floor-carpet",
    imageAlt: "Illustration of wooden floorboards laid in perspective in a bright room",
    features: [
      "Laminate and engineered wood flooring",
      "Luxury vinyl tile and sheet vinyl",
      "Carpet and underlay fitting",
      "Subfloor levelling and creaking board repairs",
      "Door trimming, thresholds and skirting or beading",
    ],
    typicalJobs: [
      "Laying laminate in a living room",
      "Fitting vinyl in a kitchen or bathroom",
      "Carpeting stairs and landings",
      "Fixing squeaky or loose floorboards",
      "Trimming doors after a new floor goes down",
    ],
    process: [
      {
        title: "Measure and advise",
        description:
          "We measure every room, check the subfloor and suggest the right flooring for how you use it.",
      },
      {
        title: "Fixed quote",
        description:
          "Your quote includes preparation, underlay, trims and waste removal, priced per square foot.",
      },
      {
        title: "Clear and prepare",
        description:
          "Old flooring is lifted and taken away, then the subfloor is repaired, cleaned and levelled.",
      },
      {
        title: "Lay the new floor",
        description:
          "Boards, tiles or carpet are laid with expansion gaps, neat cuts and matching thresholds.",
      },
      {
        title: "Trim and tidy",
        description:
          "Doors are trimmed, beading fitted and the room vacuumed, ready for your furniture to go back.",
      },
    ],
  },
];

/** The four services, validated on import. */
export const services: readonly Service[] = entries.map((entry) => serviceSchema.parse(entry));

export function findService(id: string): Service | undefined {
  return services.find((s) => s.id === id);
}
