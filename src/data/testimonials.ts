/**
 * Six sample reviews (Testimonial), for local development only: nobody wrote them.
 * The local stack (`npm run dev`, the tests) seeds them as approved into an empty table; nothing
 * puts them in a production database. Wherever they are shown they carry a "Sample review" badge
 * (src/islands/testimonials/sample-reviews.ts recognises them). Towns lie inside the service area.
 */
import { sampleTestimonialSchema, type SampleTestimonial } from "./content-shapes";

const entries: SampleTestimonial[] = [
  {
    id: 1,
    name: "Fiona MacLeod",
    location: "Edinburgh",
    rating: 5,
    text: "Callum and Morag repainted our tenement hallway and stairwell in two days. They protected every inch of the floor, the cornicing looks better than it has in years, and the price matched the quote to the penny.",
  },
  {
    id: 2,
    name: "David Stewart",
    location: "Dunfermline",
    rating: 5,
    text: "We had a leak behind the bath that two other firms could not find. Amir traced it in under an hour, fixed it and re-sealed the bath. Friendly, tidy and honest about what needed doing.",
  },
  {
    id: 3,
    name: "Catriona Ross",
    location: "Glenrothes",
    rating: 4,
    text: "New laminate through the living room and hall. The old floor was uneven but they levelled it first and the result is spot on. Took a day longer than planned, but they kept me informed throughout.",
  },
  {
    id: 4,
    name: "James Robertson",
    location: "St Andrews",
    rating: 5,
    text: "Quick reply, fair quote and a lovely job on our kitchen. New worktop, cupboard doors and a tiled splashback, and it feels like a new room. Already booked them again for the bathroom.",
  },
  {
    id: 5,
    name: "Alison Grant",
    location: "Musselburgh",
    rating: 4,
    text: "They fitted three new radiators and moved one to a more sensible wall. Good advice on valves and the house is much warmer. Would happily recommend to friends and family.",
  },
  {
    id: 6,
    name: "Graham Murray",
    location: "Edinburgh",
    rating: 5,
    text: "Eilidh booked us in within the week and the team turned up exactly when they said. A long list of small jobs done in one visit: shelves, a sticking door, a dripping tap and a new toilet seat. Brilliant service.",
  },
];

export const sampleTestimonials: readonly SampleTestimonial[] = entries.map((entry) =>
  sampleTestimonialSchema.parse(entry),
);
