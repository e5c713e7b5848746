/**
 * The four people behind the business (About: team). These are invented sample
 * people with drawn portraits until the owner puts the real team in: set `sample: false` on each
 * real member (`npm run doctor` lists every sample one).
 */
import { teamMemberSchema, type TeamMember } from "./content-shapes";

const entries: TeamMember[] = [
  {
    id: "callum-reid",
    name: "Callum Reid",
    position: "Founder and Lead Handyman",
    bio: "Callum served his joinery apprenticeship in Kirkcaldy and started the business from one van in 2010. He still visits most new customers himself and has a soft spot for old tenement flats.",
    image: "callum-reid",
    sample: true,
  },
  {
    id: "morag-fraser",
    name: "Morag Fraser",
    position: "Painter and Decorator",
    bio: "Morag has fifteen years of decorating behind her, from Edinburgh New Town cornicing to new-build show homes. She is fussy about preparation, and it shows in the finish.",
    image: "morag-fraser",
    sample: true,
  },
  {
    id: "amir-hussain",
    name: "Amir Hussain",
    position: "Plumbing and Heating Specialist",
    bio: "Amir trained as a plumber in Dundee and handles our leaks, radiators and bathroom fittings. Customers like that he explains exactly what went wrong and how to avoid it next time.",
    image: "amir-hussain",
    sample: true,
  },
  {
    id: "eilidh-campbell",
    name: "Eilidh Campbell",
    position: "Office Manager and Bookings",
    bio: "Eilidh answers the phone, plans the diary and makes sure every customer hears back within 24 hours. If you have booked with us, you have probably spoken to her.",
    image: "eilidh-campbell",
    sample: true,
  },
];

export const team: readonly TeamMember[] = entries.map((entry) => teamMemberSchema.parse(entry));
