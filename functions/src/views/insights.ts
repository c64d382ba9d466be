import { z } from "zod";
import { TAKEAWAY_KINDS } from "../compute/insights";
import { PostView } from "./post";

/** One computed statement, backed by dataset evidence (it is about many posts, never one record). */
export const TakeawayView = z.strictObject({
  kind: z.enum(TAKEAWAY_KINDS),
  /** Written by the product from numbers only: no post title ever enters it. */
  text: z.string(),
  evidenceId: z.string(),
  /** The post a best_post / worst_post takeaway is about; that post is in `posts` with its record evidence. */
  postId: z.string().nullable(),
});
export type TakeawayView = z.infer<typeof TakeawayView>;

export const EngagementInsightsData = z.strictObject({
  posts: z.array(PostView),
  takeaways: z.array(TakeawayView),
});
