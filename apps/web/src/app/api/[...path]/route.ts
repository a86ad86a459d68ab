import { offerCallbackLane } from "@/server/http/callback-lane";
import { handle } from "@/server/http/handle";
import { router } from "@/server/routes";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ path: string[] }> };

async function dispatch(req: Request, { params }: Ctx): Promise<Response> {
  return handle(router, req, (await params).path.join("/"));
}

// apps/web/server.mjs serves the providers' callbacks through this module's route table without Next's pipeline.
offerCallbackLane(router);

export { dispatch as GET, dispatch as POST, dispatch as PUT, dispatch as DELETE, dispatch as PATCH };
