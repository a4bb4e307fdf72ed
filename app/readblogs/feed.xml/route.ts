import { blogFeed, FEED_CONTENT_TYPE } from "@/lib/blog";
import { route } from "@/lib/http";

/**
 * The blog's RSS 2.0 feed. No shared-cache header: the wrapper may renew a logged-in reader's
 * session cookie on this response, and a cookie must never be stored for everyone.
 */
export const GET = route({ can: "blog.read", does: "Serves the blog as an RSS 2.0 feed" }, async ({ actor }) =>
  new Response(await blogFeed(actor), { headers: { "content-type": FEED_CONTENT_TYPE, "x-content-type-options": "nosniff" } }),
);
