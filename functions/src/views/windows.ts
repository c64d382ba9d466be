import { z } from "zod";
import { IsoUtcSchema } from "nova-contract";
import { WEEKDAYS } from "../compute/windows";

export const PostingWindowView = z.strictObject({
  weekday: z.enum(WEEKDAYS),
  startHourUtc: z.number().int().min(0).max(23),
  endHourUtc: z.number().int().min(1).max(24),
  medianEngagementRate: z.number().min(0),
  sampleSize: z.number().int().min(1),
  evidenceId: z.string(),
});
export type PostingWindowView = z.infer<typeof PostingWindowView>;

export const WindowsBasisView = z.strictObject({
  lookbackDays: z.number().int().min(1),
  from: IsoUtcSchema,
  to: IsoUtcSchema,
  measuredPosts: z.number().int().min(0),
  minimumMeasuredPosts: z.number().int().min(1),
  minimumSamplesPerWindow: z.number().int().min(1),
  metric: z.literal("median_engagement_rate"),
  evidenceId: z.string(),
});

export const PostingWindowsData = z.strictObject({
  windows: z.array(PostingWindowView),
  basis: WindowsBasisView,
  timezone: z.literal("UTC"),
});
