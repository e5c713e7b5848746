/** Keyset paging shared by the admin lists. */
import { z } from "zod";

/** Where the next page of a keyset-paged admin list starts (opaque to clients). */
export const pageCursorSchema = z.string().regex(/^[1-9][0-9]{0,9}$/, "That page cursor is not valid.");

/** Rows per page of an admin list. */
export const adminPageSize = 50;
