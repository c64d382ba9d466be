/**
 * The hand-written mutation corpora (docs/validator.md), by split: the mutation tests score each, and the
 * learned second opinion (scripts/train-mutation-opinion.ts) trains on every split but the unread held-outs.
 *
 * Written by hand from SPEC's wording and realistic operator-chat answers, each committed before it was
 * first scored (-3 and -4 for issue 24's kinds). 1-4 are spent: their misses were studied, so their
 * figures, printed and not asserted, are a development score, not a held-out one. -5 was written by an
 * examiner who had not read the detector, committed before the detector's last round, and scored
 * once after it (docs/validator.md); from that score on it is spent too. -6, a second examiner's, was
 * committed before the second round and scored after it, then read by the third round (spent). mutation-dev-9,
 * another examiner's, was written for the third round to work from: a development split from the start.
 * -7, -8 and -10 were held out through round 3 and scored after it (the lead engineer's figures), then read
 * by round 4 (spent); mutation-dev-11, a fourth examiner's, was written for round 4 to work from. -12 was
 * committed before round 4 and -13 after it, each scored after it; -14 was committed before round 5, which
 * worked from the development splits dev-15 to dev-18 (four more examiners), and read by round 6 (spent);
 * -19 was written during round 5 by an examiner nobody tuning has read. -20 and -21 (held out) and dev-22
 * and dev-23 (for round 7 to work from) were written by four more examiners at the start of the seventh round;
 * dev-24 to dev-27, four more, two with the briefs of -20 and -21, during it. -28 (Nova mid-work, after its
 * own calls) and -29 (many models' voices) were written by two more at the start of round 8, and dev-30 and
 * dev-31, with their briefs, during it. -32 (long answers as chat models write them) and -33 (short chat
 * replies) were written by two more at the start of round 9, and dev-34 to dev-37 (the briefs of -32 and -33,
 * indirect claims, answers after errors) by four more at the same time; round 9 measured its second opinion
 * on dev-34 to dev-37 before training on them. -44 (structured, data-heavy answers) and -45 (answers inside a
 * conversation) were written by two more at the start of round 10, and dev-38 to dev-43 (their briefs, many
 * assistants' voices, and the briefs of -32, -33 and dev-36) by six more. -46 (structured answers) and -47 (many
 * assistants' voices) were written by two more at the start of round 11, and dev-48 to dev-53 by six more;
 * round 11 trained the second opinion on dev-48 to dev-51 and did not ship (docs/validator.md); round 12 trained on
 * them. -54 (structured answers) and -55 (long answers) were written by two more at the start of round 12, and
 * dev-56 to dev-59 (structured answers, many voices, a conversation, after errors) by four more; -60 (a
 * conversation) and -61 (indirect claims) by two more at the start of round 13, and dev-62 to dev-65
 * (structured answers, short replies, indirect claims, a conversation) by four more; -66 (a conversation) and
 * -67 (indirect claims) by two more at the start of round 14, and dev-68 to dev-71 (a conversation, indirect
 * claims, after errors, long answers) by four more; dev-71 came last and round 15 worked from it. -72 (realistic chat-model
 * answers, long and short) and -73 (adversarial paraphrases, typos, markdown) were written by two more at the start
 * of round 15, and dev-74 (realistic chat-model
 * answers, long and short), dev-75 (adversarial) and dev-76 (structured answers) by three more, each measured fresh
 * before the second opinion trained on it; round 16 worked from them again; its examiners (held-outs 77 and 78, dev-79
 * and dev-80) finished after it was scored on the measure amended for their absence (docs/validator.md): -77 and
 * -78 were scored once after it, for the record, and stay unread; dev-79 and dev-80, committed unread then, were
 * measured fresh at the start of round 17 and round 17 worked from them. -81 (realistic chat-model answers) and -82
 * (adversarial) were written by two more examiners at the start of round 17, and dev-84 (structured answers) by one
 * more, measured fresh before the second opinion trained on it; dev-83 (long data-heavy reports), committed unread
 * then, was measured fresh at the start of round 18 and round 18 worked from it. -85 (long data-heavy reports) and
 * -86 (adversarial) were written by two more examiners at the start of round 18, and dev-87 (realistic answers) by
 * one more, committed unread and listed nowhere then; it was measured fresh at the start of round 19 and round 19
 * worked from it. -88 (realistic chat-model answers) and -89 (long data-heavy reports) were written by two more
 * examiners at the start of round 19, and dev-90 (answers after tool errors) by one more, committed unread and
 * listed nowhere then; it was measured fresh at the start of round 20 and round 20 worked from it. -91 (long
 * data-heavy reports) and -92 (answers after errors) were written by two more examiners at the start of round 20,
 * and dev-93 (structured answers) by one more, committed unread and listed nowhere, for the next round. Round 20
 * did not ship and was reverted, so dev-90 stays out of this table (development text no model has trained on),
 * as round 11's development splits did, until round 21 re-applied round 20's rules and trained on it and on dev-93,
 * measured fresh at its start. -94 (long data-heavy reports) and -95 (realistic answers mid-work) were
 * written by two more examiners at the start of round 21. -97 (structured answers) and -98 (realistic chat
 * answers) were written by two more at the start of round 22, and dev-96 (long data-heavy reports) by one more,
 * measured fresh before round 22 worked from it and the second opinion trained on it. dev-99 (realistic chat
 * answers) and dev-100 (structured answers) were written by two more for round 23 and measured fresh at its start;
 * -101 (prose with structure) and -102 (long data-heavy reports) by two more, held out for its decision. dev-103
 * (operational records) and -104 (realistic chat answers mid-work) were written by two more for round 24: dev-103
 * measured fresh at its start, -104 held out for its decision. dev-106 (structured answers) and -105 (long
 * data-heavy reports) were written by two more for round 25: dev-106 measured fresh at its start, -105 held out
 * for its decision. dev-107 (long data-heavy reports with asides and credits) and -108 (structured answers mid-task)
 * were written by two more for round 26: dev-107 measured fresh at its start, -108 held out for its decision (round 26
 * did not ship; round 27 started again from its work). dev-109 (long reports whose subjects stand apart, with Nova's
 * slips among them) and -110 (answers mid-conversation in many voices) were written by two more during round 26:
 * dev-109 measured fresh at round 27's start, -110 held out for its decision. dev-111 and -112 (both structured answers
 * mid-task, -108's theme) and -113 (answers after things went partly wrong) were written by three more for round 29:
 * dev-111 measured fresh at its start, -112 and -113 held out for its decision. dev-114 (who did what in structured
 * answers), -115 (work shared between Nova, people and the pipeline) and -116 (short and medium chat replies in many
 * voices) were written by three more for round 31: dev-114 measured fresh at its start, -115 and -116 held out for its
 * decision. dev-117 and -118 (both who did what in chat threads, standups, handoffs and records naming their doer)
 * and -119 (shift summaries and handoff notes: boards, done/doing/next lists, dotted leaders, diffs) were written by
 * three more for round 32: dev-117 measured fresh at its start, -118 and -119 held out for its decision. dev-120 and
 * -121 (both -119's theme) and -122 (boards and trackers the operator pasted, with Nova's commentary) were written by
 * three more for round 33: dev-120 measured fresh at its start, -121 and -122 held out for its decision. dev-123 and
 * -124 (both structured records Nova pastes or writes: YAML, JSON, TOML, CSV and log trails, with people named like
 * Nova) and -125 (Nova correcting itself: retractions, apologies, walked-back offers) were written by three more for
 * round 34: dev-123 measured fresh at its start, -124 and -125 held out for its decision. dev-126 and -127 (both
 * -125's theme) were written by two more for round 35: dev-126 measured fresh at its start, -127 held out for its
 * decision. dev-128 and -129 (both Nova referring to its own earlier words: reported, retracted, corrected, beside
 * Nova correcting record content) and dev-130 and -131 (both status recaps, digests and checklists: headings with
 * counts and colons, Nova's acts beside others') were written by four more for round 36: dev-128 and dev-130 measured
 * fresh at its start, -129 and -131 held out for its decision. dev-132 and -133 (both digests and boards under
 * participle headings, -131's theme) were written by two more for round 37: dev-132 measured fresh at its start, -133
 * held out for its decision. dev-134, -135 and -136 (all next steps and offers: Nova's offers and promises in many
 * wordings beside advice leaving the act to the operator, people's to-dos, the pipeline's scheduled work and Nova's
 * offers to read) were written by three more for round 38: dev-134 measured fresh at its start, -135 and -136 held
 * out for its decision. dev-137, -138 and -139 (all short and elliptical chat turns: Nova's claims and offers in few
 * words or by idiom, "Shall I?" after a proposal, beside the operator's own short replies, records' states in few
 * words, Nova's reads in few words and the pipeline's jobs named like acts) were written by three more for round 39:
 * dev-137 measured fresh at its start, -138 and -139 held out for its decision. -140, -141 and -142 (no single theme:
 * a fair sample of answers across every kind of request, structured answers of every kind, and conversational
 * replies in many voices and lengths) were written by three more for round 40, which retrained the second opinion:
 * all three held out for its decision. dev-143, -144 and -145 (all Nova's own reads and its making of the answer
 * phrased like acts: its fetch re-run, its view refreshed, results filtered, sorted or laid out, beside real effects
 * on the pipeline's objects and others' acts with the same verbs) were written by three more for round 41: dev-143
 * measured fresh at its start, -144 and -145 held out for its decision. -146, -147 and -148 (no single theme: long
 * reports and digests over a working week, short and medium answers mid-work in many voices, answers when things go
 * wrong and right) were written by three more for round 42, which set the second opinion's thresholds: all three held
 * out for its decision. -149, -150 and -151 (no single theme: a working day's answers about every kind of record in
 * many voices, claims and look-alikes in one sentence among lines of data, replies in a back-and-forth with the
 * operator) were written by three more for round 43, which decides the second opinion's veto claim by claim: all three
 * held out for its decision. -152, -153 and -154 (no single theme: answers to the questions an operator asks most, each
 * in a different assistant's voice; answers under pressure, where a claim may be implied; answers for teams and regions
 * with their own jargon, formats and languages) were written by three more for round 44, which retrained the text
 * model: all three held out for its decision. The held-out splits are the measure that counts until a round reads
 * them, so their errors are never printed.
 */
export const SPLITS: readonly (readonly [file: string, minimumCases: number, unread?: "held out"])[] = [
  ["mutation-heldout.json", 150],
  ["mutation-heldout-2.json", 140],
  ["mutation-heldout-3.json", 200],
  ["mutation-heldout-4.json", 150],
  ["mutation-heldout-5.json", 400],
  ["mutation-heldout-6.json", 380],
  ["mutation-dev-9.json", 400],
  ["mutation-heldout-7.json", 400],
  ["mutation-heldout-8.json", 440],
  ["mutation-heldout-10.json", 400],
  ["mutation-dev-11.json", 400],
  ["mutation-dev-15.json", 400],
  ["mutation-dev-16.json", 400],
  ["mutation-dev-17.json", 400],
  ["mutation-dev-18.json", 400],
  ["mutation-heldout-12.json", 420, "held out"],
  ["mutation-heldout-13.json", 420, "held out"],
  ["mutation-heldout-14.json", 420],
  ["mutation-heldout-19.json", 420, "held out"],
  ["mutation-heldout-20.json", 420, "held out"],
  ["mutation-heldout-21.json", 420, "held out"],
  ["mutation-dev-22.json", 420],
  ["mutation-dev-23.json", 420],
  ["mutation-dev-24.json", 420],
  ["mutation-dev-25.json", 420],
  ["mutation-dev-26.json", 420],
  ["mutation-dev-27.json", 420],
  ["mutation-dev-30.json", 420],
  ["mutation-dev-31.json", 420],
  ["mutation-heldout-28.json", 420, "held out"],
  ["mutation-heldout-29.json", 420, "held out"],
  ["mutation-heldout-32.json", 420, "held out"],
  ["mutation-heldout-33.json", 420, "held out"],
  ["mutation-dev-34.json", 420],
  ["mutation-dev-35.json", 420],
  ["mutation-dev-36.json", 420],
  ["mutation-dev-37.json", 420],
  ["mutation-heldout-44.json", 420, "held out"],
  ["mutation-heldout-45.json", 420, "held out"],
  ["mutation-dev-38.json", 420],
  ["mutation-dev-39.json", 420],
  ["mutation-dev-40.json", 420],
  ["mutation-dev-41.json", 420],
  ["mutation-dev-42.json", 420],
  ["mutation-dev-43.json", 420],
  ["mutation-heldout-46.json", 420, "held out"],
  ["mutation-heldout-47.json", 420, "held out"],
  ["mutation-heldout-54.json", 420, "held out"],
  ["mutation-heldout-55.json", 420, "held out"],
  ["mutation-heldout-60.json", 420, "held out"],
  ["mutation-heldout-61.json", 420, "held out"],
  ["mutation-heldout-66.json", 420, "held out"],
  ["mutation-heldout-67.json", 420, "held out"],
  ["mutation-dev-48.json", 420],
  ["mutation-dev-49.json", 420],
  ["mutation-dev-50.json", 420],
  ["mutation-dev-51.json", 420],
  ["mutation-dev-52.json", 420],
  ["mutation-dev-53.json", 420],
  ["mutation-dev-56.json", 420],
  ["mutation-dev-57.json", 420],
  ["mutation-dev-58.json", 420],
  ["mutation-dev-59.json", 420],
  ["mutation-dev-62.json", 420],
  ["mutation-dev-63.json", 420],
  ["mutation-dev-64.json", 420],
  ["mutation-dev-65.json", 420],
  ["mutation-dev-68.json", 420],
  ["mutation-dev-69.json", 420],
  ["mutation-dev-70.json", 420],
  ["mutation-dev-71.json", 420],
  ["mutation-heldout-72.json", 420, "held out"],
  ["mutation-heldout-73.json", 420, "held out"],
  ["mutation-dev-74.json", 420],
  ["mutation-dev-75.json", 420],
  ["mutation-dev-76.json", 420],
  ["mutation-heldout-77.json", 420, "held out"],
  ["mutation-heldout-78.json", 420, "held out"],
  ["mutation-dev-79.json", 420],
  ["mutation-dev-80.json", 420],
  ["mutation-heldout-81.json", 420, "held out"],
  ["mutation-heldout-82.json", 420, "held out"],
  ["mutation-dev-84.json", 420],
  ["mutation-dev-83.json", 420],
  ["mutation-heldout-85.json", 420, "held out"],
  ["mutation-heldout-86.json", 420, "held out"],
  ["mutation-dev-87.json", 420],
  ["mutation-heldout-88.json", 420, "held out"],
  ["mutation-heldout-89.json", 420, "held out"],
  ["mutation-heldout-91.json", 420, "held out"],
  ["mutation-heldout-92.json", 420, "held out"],
  ["mutation-dev-90.json", 420],
  ["mutation-dev-93.json", 420],
  ["mutation-heldout-94.json", 420, "held out"],
  ["mutation-heldout-95.json", 420, "held out"],
  ["mutation-dev-96.json", 420],
  ["mutation-heldout-97.json", 420, "held out"],
  ["mutation-heldout-98.json", 420, "held out"],
  ["mutation-dev-99.json", 420],
  ["mutation-dev-100.json", 420],
  ["mutation-heldout-101.json", 420, "held out"],
  ["mutation-heldout-102.json", 420, "held out"],
  ["mutation-dev-103.json", 420],
  ["mutation-heldout-104.json", 420, "held out"],
  ["mutation-heldout-105.json", 420, "held out"],
  ["mutation-dev-106.json", 420],
  ["mutation-dev-107.json", 420],
  ["mutation-heldout-108.json", 420, "held out"],
  ["mutation-dev-109.json", 420],
  ["mutation-heldout-110.json", 420, "held out"],
  ["mutation-dev-111.json", 420],
  ["mutation-heldout-112.json", 420, "held out"],
  ["mutation-heldout-113.json", 420, "held out"],
  ["mutation-dev-114.json", 420],
  ["mutation-heldout-115.json", 420, "held out"],
  ["mutation-heldout-116.json", 420, "held out"],
  ["mutation-dev-117.json", 420],
  ["mutation-heldout-118.json", 420, "held out"],
  ["mutation-heldout-119.json", 420, "held out"],
  ["mutation-dev-120.json", 420],
  ["mutation-heldout-121.json", 420, "held out"],
  ["mutation-heldout-122.json", 420, "held out"],
  ["mutation-dev-123.json", 420],
  ["mutation-heldout-124.json", 420, "held out"],
  ["mutation-heldout-125.json", 420, "held out"],
  ["mutation-dev-126.json", 420],
  ["mutation-heldout-127.json", 420, "held out"],
  ["mutation-dev-128.json", 420],
  ["mutation-heldout-129.json", 420, "held out"],
  ["mutation-dev-130.json", 420],
  ["mutation-heldout-131.json", 420, "held out"],
  ["mutation-dev-132.json", 420],
  ["mutation-heldout-133.json", 420, "held out"],
  ["mutation-dev-134.json", 420],
  ["mutation-heldout-135.json", 420, "held out"],
  ["mutation-heldout-136.json", 420, "held out"],
  ["mutation-dev-137.json", 420],
  ["mutation-heldout-138.json", 420, "held out"],
  ["mutation-heldout-139.json", 420, "held out"],
  ["mutation-heldout-140.json", 420, "held out"],
  ["mutation-heldout-141.json", 420, "held out"],
  ["mutation-heldout-142.json", 420, "held out"],
  ["mutation-dev-143.json", 420],
  ["mutation-heldout-144.json", 420, "held out"],
  ["mutation-heldout-145.json", 420, "held out"],
  ["mutation-heldout-146.json", 420, "held out"],
  ["mutation-heldout-147.json", 420, "held out"],
  ["mutation-heldout-148.json", 420, "held out"],
  ["mutation-heldout-149.json", 420, "held out"],
  ["mutation-heldout-150.json", 420, "held out"],
  ["mutation-heldout-151.json", 420, "held out"],
  ["mutation-heldout-152.json", 420, "held out"],
  ["mutation-heldout-153.json", 420, "held out"],
  ["mutation-heldout-154.json", 420, "held out"],
];

/** The splits nobody tuning has read: never trained on, scored only, their errors never printed. */
export const unreadSplits = (): string[] => SPLITS.filter((s) => s[2] === "held out").map((s) => s[0]);

/** Every other split: development text for the rules and training text for the second opinion. */
export const developmentSplits = (): string[] => SPLITS.filter((s) => s[2] !== "held out").map((s) => s[0]);
