/** /admin/customers/:id: the customer screen for the id in the address (src/admin/router.tsx). */
import { useParams } from "@tanstack/react-router";
import { CustomerScreen } from "./CustomerScreen";

export function CustomerRoute() {
  const { id } = useParams({ from: "/admin/customers/$id" });
  return <CustomerScreen key={id} id={id} />;
}
