import { ADMIN, apiLogin, expect, test } from "../fixtures";

const LINES = 5000;

test("a client that gives up in the middle of an import leaves it all or nothing", async ({ request }) => {
  const { token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const type = `abort${Date.now().toString(36)}`;
  const data = Buffer.from(["Tipo;Valor;Etiqueta;Inactivo", ...Array.from({ length: LINES }, (_, i) => `${type};V${i};Valor ${i};no`)].join("\n")).toString(
    "base64",
  );

  // The client stops waiting long before the server could be done with 5,000 lines.
  await expect(request.post("/api/admOtlt/importAttach", { data: { data }, headers, timeout: 300 })).rejects.toThrow();

  // Whatever the server does with the abandoned request, no reader ever sees part of the file.
  const seen = new Set<number>();
  for (let i = 0; i < 40; i++) {
    const list = await request.get(`/api/admOtlt/get?type=${type}&PageSize=1&count=true`, { headers });
    seen.add((await list.json()).data.RowCount as number);
    await new Promise((r) => setTimeout(r, 250));
  }
  expect([...seen].every((count) => count === 0 || count === LINES)).toBe(true);
});
