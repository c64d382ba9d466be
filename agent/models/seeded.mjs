// The emulators' Nova model (agent/.env.local: NOVA_MODEL=script:models/seeded.mjs): a Genkit model
// runner that plays the scripted model of the scenario whose question is asked, from eval/scenarios
// and agent/models/scenarios, so each seeded question gets the answer its scenario scripts. Any
// other question gets the trend_scan scenario. Emulator only: servingConfig refuses a script model
// anywhere else, and the folder is not deployed (firebase.json ignores it).
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const DIRS = [join(here, "..", "..", "eval", "scenarios"), join(here, "scenarios")];

const byQuestion = new Map();
for (const dir of DIRS) {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .sort()) {
    const mod = await import(pathToFileURL(join(dir, file)).href);
    if (mod.scenario?.question && typeof mod.default === "function") byQuestion.set(mod.scenario.question, mod.default);
  }
}
const fallbackRunner = byQuestion.get("What is trending, and anything on the creator economy?");

/** The question as the runtime asked it: the text of the first user message. */
function questionOf(request) {
  const first = (request.messages ?? []).find((m) => m.role === "user");
  return (first?.content ?? []).map((p) => p.text ?? "").join("");
}

export default function seeded(request) {
  return (byQuestion.get(questionOf(request)) ?? fallbackRunner)(request);
}
