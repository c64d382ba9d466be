/**
 * nova_ask for the Genkit CLI: the developer UI (`genkit start`), `genkit flow:run` and `genkit
 * eval:flow` start this process, which serves the same flow as the callable (serve.ts) through
 * Genkit's reflection API, with the `nova/answer_valid` evaluator beside it. Emulators only
 * (devServingConfig); the flow takes the caller as the callable hands it over, in the CLI's
 * `--context {"auth": {uid, token, rawToken}}` (`npm run genkit:context -- EMAIL` prints one).
 *
 *   npx genkit start -- npx tsx agent/src/dev.ts
 */
import { join } from "node:path";
import { defineAnswerValidEvaluator } from "./answer-valid";
import { devServingConfig } from "./dev-config";
import { novaServing } from "./serve";

const config = devServingConfig(process.env, join(__dirname, ".."));
// The record's sink and the pseudonym key read the project from here, as on the Functions emulator.
process.env.GCLOUD_PROJECT = config.projectId;
const { ai } = novaServing(config);
defineAnswerValidEvaluator(ai);
