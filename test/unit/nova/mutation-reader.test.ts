import { describe, expect, it } from "vitest";
import { findMutationClaims } from "../../../nova/src/validator/mutation";
import { tokenize } from "../../../nova/src/validator/mutation/clauses";
import { loadLexicon, toSets } from "../../../nova/src/validator/mutation/lexicon";

// The NLP reader forgets the words each text taught it and is made anew once their rows pass 50,000.
describe("mutation detector: a long-lived reader", () => {
  it("gives the same verdicts on either side of a new reader, and still forgets what it read", () => {
    const claim = "I've pulled that one from next zorbly's schedule.";
    const data = "Two posts were published on 3 Nov.";
    const before = [findMutationClaims(claim), findMutationClaims(data)];
    // 1,100 texts of 50 words it has never seen: more than 50,000 rows, so at least one new reader
    for (let i = 0; i < 1100; i++) {
      const words = Array.from({ length: 50 }, (_, k) => `q${i.toString(36)}z${k.toString(36)}`).join(" ");
      findMutationClaims(`Stats for ${words}: up 3%. Last zorbly's: flat.`);
    }
    expect([findMutationClaims(claim), findMutationClaims(data)]).toEqual(before);
    expect(before[0]!.map((f) => f.form)).toEqual(["first_person"]); // pulled from a schedule: round 5's reading
    expect(before[1]).toEqual([]);
  }, 60_000);

  it("makes a new reader as often as a long-lived process needs one (the model's metaCER grew with each)", () => {
    const s = toSets(loadLexicon());
    const claim = "I've pulled that one from next zorbly's schedule.";
    const before = findMutationClaims(claim);
    // 22 new readers: 550 texts of 2,000 words never seen, 1.1 million rows (the 21st used to throw)
    for (let i = 0; i < 550; i++) {
      const words = Array.from({ length: 2000 }, (_, k) => `r${i.toString(36)}z${k.toString(36)}`).join(" ");
      expect(tokenize(`Stats for ${words}.`, [], s)).toHaveLength(1);
    }
    expect(findMutationClaims(claim)).toEqual(before);
  }, 120_000);
});
