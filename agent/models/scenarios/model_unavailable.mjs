import { GenkitError } from "genkit";

export const scenario = {
  name: "model_unavailable",
  description:
    "the model provider answers 503 (after its plugin's retry): the invocation ends with DEPENDENCY_UNAVAILABLE",
  as: "viewer@acme.test",
  question: "Is the model down right now?",
  expect: { outcome: "error" },
};

/** What a provider plugin throws for an HTTP 503: a GenkitError with status UNAVAILABLE, no answer. */
export default function unavailable() {
  throw new GenkitError({ status: "UNAVAILABLE", message: "the model is unavailable (503)" });
}
