/**
 * The admin app: one query cache and one router for every admin address
 * (docs/decisions/023-admin-app.md). The frame and the session gate are ./AdminRoot.tsx; the
 * addresses and their screens are ./router.tsx.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { queryClient } from "./query";
import { router } from "./router";

export default function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
