import { createModels, fauxProvider, type FauxResponseStep } from "@earendil-works/pi-ai";

/**
 * A faux provider registered in a fresh model collection, with its scripted responses.
 * Every scenario builds its own, so call counts never leak between scenarios.
 */
export function scriptedModels(responses: FauxResponseStep[] = []) {
  // The faux provider cuts streamed text into deltas of 3 to 5 tokens drawn at random, so
  // the number of message_update events changed from run to run, and with it evidence
  // that counts events. One fixed size, inside that range, makes every run alike.
  const faux = fauxProvider({ tokenSize: { min: 4, max: 4 } });
  const models = createModels();
  models.setProvider(faux.provider);
  faux.setResponses(responses);
  return { faux, models, model: faux.getModel() };
}

export type ScriptedModels = ReturnType<typeof scriptedModels>;
