import { coveredWindow, type TimeWindow } from "../compute/time";
import type { ReadOnlyStore } from "../store/store";
import { readPost, type ReadPost } from "../views/post";

/**
 * Published posts of one workspace in [from, to), newest first, at most `limit` documents: the one
 * posts query of the workspace tools. It needs the composite index (status ASC, publishedAt DESC)
 * in firestore.indexes.json. When the read comes back full, the window it reports starts after the
 * oldest post read (see coveredWindow), so no aggregate claims more than was read.
 */
export async function readPublishedPosts(
  store: ReadOnlyStore,
  workspaceId: string,
  asked: TimeWindow,
  limit: number,
): Promise<{ posts: ReadPost[]; window: TimeWindow; capped: boolean }> {
  const docs = await store.query({
    collection: `workspaces/${workspaceId}/posts`,
    where: [
      ["status", "==", "published"],
      ["publishedAt", ">=", asked.from],
      ["publishedAt", "<", asked.to],
    ],
    orderBy: [["publishedAt", "desc"]],
    limit,
  });
  const read = docs.map(readPost);
  const covered = coveredWindow(asked, read, (p) => p.publishedAt ?? Number.NaN, limit);
  return { posts: covered.rows, window: covered.window, capped: covered.capped };
}
