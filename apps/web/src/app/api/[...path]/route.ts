import { handle } from "@/server/http/handle";
import { router } from "@/server/routes";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ path: string[] }> };

async function dispatch(req: Request, { params }: Ctx): Promise<Response> {
  return handle(router, req, (await params).path.join("/"));
}

export { dispatch as GET, dispatch as POST, dispatch as PUT, dispatch as DELETE, dispatch as PATCH };
