/** The four people behind the business. */
import { teamMemberSchema, type TeamMember } from "./schemas";

const entries: TeamMember[] = [
  {
    id: "callum-reid",
    name: "Callum Reid",
    position: "Founder and Lead Handyman",
    bio: "Callum served his joinery apprenticeship in Kirkcaldy and started the business from one van in 2010. He still visits most new customers himself and has a soft spot for old tenement flats.",
    image: "callum-reid",
  },
  {
    id: "morag-fraser",
    name: "Morag Fraser",
    position: "Painter and Decorator",
    bio: "Morag has fifteen years of decorating behind her, from Edinburgh New Town cornicing to new-build show homes. She is fussy about preparation, and it shows in the finish.",
    image: "morag-fraser",
  },
  {
    id: "amir-hussain",
    name: "Amir Hussain",
    position: "Plumbing and Heating Specialist",
    bio: "Amir trained as a plumber in Dundee and handles our leaks, radiators and bathroom fittings. Customers like that he explains exactly what went wrong and how to avoid it next time.",
    image: "amir-hussain",
  },
  {
    id: "eilidh-campbell",
    name: "Eilidh Campbell",
    position: "Office Manager and Bookings",
    bio: "Eilidh answers the phone, plans the diary and makes sure every customer hears back within 24 hours. If you have booked with us, you have probably spoken to her.",
    image: "eilidh-campbell",
  },
];

export const team: readonly TeamMember[] = entries.map((entry) => teamMemberSchema.parse(entry));
