import {
  type Board,
  BOARD_MESSAGES,
  BOARD_PAGE_SIZE,
  type BoardAuthor,
  boardForPost,
  boardOfRole,
  mayJoinDiscussion,
  type BoardPost,
  type BoardReply,
  type BoardThreadMessage,
  type BoardThreadSummary,
  type ModerationAction,
  type PostType,
  type PostValues,
  type Urgency,
} from '@tavara/shared/boards/boards';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import {
  boardPosts,
  boardRateLimits,
  boardReplies,
  boardReports,
  boardThreadMessages,
  boardThreads,
} from '../../db/schema/boards';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { type AuditActor, recordAdminAction } from '../../lib/audit-log';
import { notify } from '../../lib/notifications/notify';
import { redactContactDetails } from '../../lib/redact-contact-details';
import { createWindowCounter, type WindowRule } from '../../lib/window-counter';

/** Who is asking: a signed-in user (id and server-side role), or null for a visitor. */
export type Viewer = { id: string; role: string | null | undefined } | null;

/** Per person: enough for a busy day on the boards, too few to flood them. */
export const BOARD_LIMITS = {
  post: { max: 10, windowSeconds: 3600 },
  reply: { max: 30, windowSeconds: 3600 },
  message: { max: 60, windowSeconds: 3600 },
  report: { max: 10, windowSeconds: 3600 },
} as const satisfies Record<string, WindowRule>;

export class BoardRateLimitedError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(
      `You have posted a lot in a short time. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`,
      retryAfterSeconds,
    );
  }
}

export const BOARD_PATHS: Record<Board, string> = {
  family: '/family/message-board',
  professional: '/professional/message-board',
};

export interface ListOptions {
  q: string;
  type?: PostType | undefined;
  region?: string | undefined;
  urgency?: Urgency | undefined;
  page: number;
}

const notFound = () => new AppError('not_found', BOARD_MESSAGES.postNotFound);

/** "Asha R." — a first name and an initial is how people are shown on the boards. */
function displayName(first: string | null, last: string | null, name: string): string {
  const given = first?.trim() || name.trim().split(/\s+/)[0] || 'Member';
  const initial = last?.trim().charAt(0);
  return initial ? `${given} ${initial.toUpperCase()}.` : given;
}

const authorColumns = {
  authorFirst: user.firstName,
  authorLast: user.lastName,
  authorName: user.name,
  authorRole: user.role,
};

/** A post's reply count, as an output column of a query over `board_posts`. */
const replyCountOfPost = sql<number>`(select count(*)::int from ${boardReplies} where ${boardReplies.postId} = ${boardPosts.id})`;

function authorOf(
  id: string,
  row: { authorFirst: string | null; authorLast: string | null; authorName: string; authorRole: string | null },
): BoardAuthor {
  return { id, name: displayName(row.authorFirst, row.authorLast, row.authorName), role: row.authorRole ?? 'member' };
}

/**
 * Signed-out visitors read the boards without anyone's phone number or e-mail (issue 20): the
 * text they get has contact details replaced by a marker.
 */
function forViewer(viewer: Viewer, text: string): string {
  return viewer ? text : redactContactDetails(text);
}

export function createBoards(db: Database) {
  const limits = createWindowCounter(db, boardRateLimits);

  async function consume(kind: keyof typeof BOARD_LIMITS, userId: string) {
    const decision = await limits.consume(`${kind}:${userId}`, BOARD_LIMITS[kind]);
    if (!decision.allowed) throw new BoardRateLimitedError(decision.retryAfterSeconds);
  }

  /** The post as `viewer` may see it, or a 404: hidden posts are for their author and admins. */
  async function readPost(viewer: Viewer, id: string) {
    const [row] = await db
      .select({ post: boardPosts, ...authorColumns })
      .from(boardPosts)
      .innerJoin(user, eq(user.id, boardPosts.authorId))
      .where(eq(boardPosts.id, id));
    if (!row) throw notFound();
    const isAdmin = viewer?.role === 'admin';
    if (row.post.status === 'hidden' && !isAdmin && row.post.authorId !== viewer?.id) throw notFound();
    return row;
  }

  function toPost(viewer: Viewer, row: Awaited<ReturnType<typeof readPost>>, replyCount: number): BoardPost {
    const p = row.post;
    return {
      id: p.id,
      board: p.board as Board,
      type: p.type as PostType,
      title: forViewer(viewer, p.title),
      region: p.region,
      urgency: p.urgency as Urgency,
      details: forViewer(viewer, p.details),
      careCodes: p.careCodes,
      author: authorOf(p.authorId, row),
      replyCount,
      isMine: viewer?.id === p.authorId,
      hidden: p.status === 'hidden',
      createdAt: p.createdAt.toISOString(),
      editedAt: p.editedAt?.toISOString() ?? null,
    };
  }

  /** Only the author changes or deletes a post. */
  async function ownPost(viewer: NonNullable<Viewer>, id: string) {
    const row = await readPost(viewer, id);
    if (row.post.authorId !== viewer.id) throw new AppError('forbidden', BOARD_MESSAGES.notAuthor);
    return row;
  }

  /**
   * Who may reply in public under a post: members of the board it is on (professionals under a
   * care need, families under availability) and its author.
   */
  function mayReply(viewer: NonNullable<Viewer>, post: typeof boardPosts.$inferSelect) {
    return (
      post.authorId === viewer.id ||
      boardOfRole(viewer.role) === post.board ||
      mayJoinDiscussion(viewer.role, { board: post.board as Board, type: post.type as PostType })
    );
  }

  async function threadFor(viewer: NonNullable<Viewer>, threadId: string) {
    const [thread] = await db
      .select({ thread: boardThreads, postTitle: boardPosts.title, board: boardPosts.board })
      .from(boardThreads)
      .innerJoin(boardPosts, eq(boardPosts.id, boardThreads.postId))
      .where(eq(boardThreads.id, threadId));
    // Only the two people in it; anyone else is told it does not exist.
    if (!thread || (thread.thread.authorId !== viewer.id && thread.thread.otherId !== viewer.id)) {
      throw new AppError('not_found', BOARD_MESSAGES.threadNotFound);
    }
    return thread;
  }

  async function addThreadMessage(
    viewer: NonNullable<Viewer>,
    thread: { id: string; authorId: string; otherId: string; postId: string },
    board: Board,
    body: string,
  ) {
    await consume('message', viewer.id);
    return db.transaction(async (tx) => {
      const [message] = await tx
        .insert(boardThreadMessages)
        .values({ threadId: thread.id, senderId: viewer.id, body })
        .returning();
      await tx.update(boardThreads).set({ lastMessageAt: new Date() }).where(eq(boardThreads.id, thread.id));
      const recipient = thread.authorId === viewer.id ? thread.otherId : thread.authorId;
      await notify(tx, {
        kind: 'board_message',
        recipients: [recipient],
        actorId: viewer.id,
        title: 'New private message about a message-board post',
        link: `${BOARD_PATHS[board]}?thread=${thread.id}`,
      });
      return message!;
    });
  }

  return {
    /**
     * One board's visible posts, newest first, narrowed by full-text search (PostgreSQL's
     * `websearch_to_tsquery` on the GIN-indexed `search` column) and the filters. Pages are
     * fetched one row long to know whether there is a next page without counting every match.
     */
    async list(viewer: Viewer, board: Board, options: ListOptions) {
      const conditions: SQL[] = [eq(boardPosts.board, board), eq(boardPosts.status, 'visible')];
      if (options.type) conditions.push(eq(boardPosts.type, options.type));
      if (options.region) conditions.push(eq(boardPosts.region, options.region));
      if (options.urgency) conditions.push(eq(boardPosts.urgency, options.urgency));
      // The words only: the filters are plain columns, so the planner can choose between walking
      // the listing or filters index newest first, checking the words on the rows it meets, and
      // the GIN index for rare words (decision 027 has the plans it picks). A
      // query with no words left (punctuation, stop words) is no search at all, as typed text
      // never errors; the planner folds that test away, as the functions are immutable.
      if (options.q) {
        const query = sql`websearch_to_tsquery('english', ${options.q})`;
        conditions.push(sql`(numnode(${query}) = 0 or ${boardPosts.search} @@ ${query})`);
      }
      // One round trip: the page with its authors and reply counts. The author is a key lookup
      // per row the index walk keeps (every post has one: the key cascades), and PostgreSQL
      // computes the reply count, an expensive output column, only for the rows the limit lets
      // through, after any sort.
      const page = await db
        .select({
          post: boardPosts,
          ...authorColumns,
          replyCount: replyCountOfPost,
        })
        .from(boardPosts)
        .innerJoin(user, eq(user.id, boardPosts.authorId))
        .where(and(...conditions))
        .orderBy(desc(boardPosts.createdAt), desc(boardPosts.id))
        .limit(BOARD_PAGE_SIZE + 1)
        .offset((options.page - 1) * BOARD_PAGE_SIZE);
      return {
        posts: page.slice(0, BOARD_PAGE_SIZE).map((row) => toPost(viewer, row, Number(row.replyCount))),
        page: options.page,
        hasNext: page.length > BOARD_PAGE_SIZE,
      };
    },

    /** The viewer's own posts on both boards, hidden ones included (marked). */
    async listMine(viewer: NonNullable<Viewer>) {
      const rows = await db
        .select({
          post: boardPosts,
          ...authorColumns,
          replyCount: replyCountOfPost,
        })
        .from(boardPosts)
        .innerJoin(user, eq(user.id, boardPosts.authorId))
        .where(eq(boardPosts.authorId, viewer.id))
        .orderBy(desc(boardPosts.createdAt))
        .limit(100);
      return { posts: rows.map((row) => toPost(viewer, row, Number(row.replyCount))) };
    },

    /** One post with its public replies, oldest first. */
    async get(viewer: Viewer, id: string) {
      const row = await readPost(viewer, id);
      const replies = await db
        .select({ reply: boardReplies, ...authorColumns })
        .from(boardReplies)
        .innerJoin(user, eq(user.id, boardReplies.authorId))
        .where(eq(boardReplies.postId, id))
        .orderBy(asc(boardReplies.createdAt), asc(boardReplies.id));
      return {
        post: toPost(viewer, row, replies.length),
        replies: replies.map((r): BoardReply => ({
          id: r.reply.id,
          body: forViewer(viewer, r.reply.body),
          author: authorOf(r.reply.authorId, r),
          isMine: viewer?.id === r.reply.authorId,
          createdAt: r.reply.createdAt.toISOString(),
        })),
        canReply: viewer ? mayReply(viewer, row.post) : false,
      };
    },

    async create(viewer: NonNullable<Viewer>, input: PostValues) {
      const board = boardForPost(viewer.role, input.type);
      if (!board)
        throw new AppError('forbidden', BOARD_MESSAGES.typeNotAllowed, { type: BOARD_MESSAGES.typeNotAllowed });
      await consume('post', viewer.id);
      const [created] = await db
        .insert(boardPosts)
        .values({
          authorId: viewer.id,
          board,
          type: input.type,
          title: input.title,
          region: input.region,
          urgency: input.urgency,
          details: input.details,
          careCodes: [...new Set(input.careCodes)],
        })
        .returning({ id: boardPosts.id });
      return (await this.get(viewer, created!.id)).post;
    },

    async update(viewer: NonNullable<Viewer>, id: string, input: PostValues) {
      await ownPost(viewer, id);
      const board = boardForPost(viewer.role, input.type);
      if (!board)
        throw new AppError('forbidden', BOARD_MESSAGES.typeNotAllowed, { type: BOARD_MESSAGES.typeNotAllowed });
      await db
        .update(boardPosts)
        .set({
          board,
          type: input.type,
          title: input.title,
          region: input.region,
          urgency: input.urgency,
          details: input.details,
          careCodes: [...new Set(input.careCodes)],
          editedAt: new Date(),
        })
        .where(and(eq(boardPosts.id, id), eq(boardPosts.authorId, viewer.id)));
      return (await this.get(viewer, id)).post;
    },

    async remove(viewer: NonNullable<Viewer>, id: string) {
      await ownPost(viewer, id);
      await db.delete(boardPosts).where(and(eq(boardPosts.id, id), eq(boardPosts.authorId, viewer.id)));
    },

    async reply(viewer: NonNullable<Viewer>, postId: string, body: string) {
      const row = await readPost(viewer, postId);
      if (!mayReply(viewer, row.post)) throw new AppError('forbidden', BOARD_MESSAGES.notAudience);
      await consume('reply', viewer.id);
      const reply = await db.transaction(async (tx) => {
        const [created] = await tx.insert(boardReplies).values({ postId, authorId: viewer.id, body }).returning();
        await notify(tx, {
          kind: 'board_reply',
          recipients: [row.post.authorId],
          actorId: viewer.id,
          title: 'New reply to your post on the message board',
          link: `${BOARD_PATHS[row.post.board as Board]}?post=${postId}`,
        });
        return created!;
      });
      return { id: reply.id };
    },

    /** Anyone signed in reports a post once; the open report waits in the admin queue. */
    async report(viewer: NonNullable<Viewer>, postId: string, reason: string) {
      const row = await readPost(viewer, postId);
      if (row.post.authorId === viewer.id) throw new AppError('validation_failed', BOARD_MESSAGES.ownPost);
      await consume('report', viewer.id);
      const inserted = await db
        .insert(boardReports)
        .values({ postId, reporterId: viewer.id, reason })
        .onConflictDoNothing()
        .returning({ id: boardReports.id });
      return { reported: inserted.length > 0 };
    },

    /**
     * Starts (or continues) the private conversation between the viewer and the post's author.
     * Open to the board's members — a professional answering a care need, a family answering
     * availability — never to the author with themselves.
     */
    async startThread(viewer: NonNullable<Viewer>, postId: string, body: string) {
      const row = await readPost(viewer, postId);
      if (row.post.authorId === viewer.id) throw new AppError('validation_failed', BOARD_MESSAGES.ownPost);
      if (boardOfRole(viewer.role) !== row.post.board) throw new AppError('forbidden', BOARD_MESSAGES.notAudience);
      await db
        .insert(boardThreads)
        .values({ postId, authorId: row.post.authorId, otherId: viewer.id })
        .onConflictDoNothing();
      const [thread] = await db
        .select()
        .from(boardThreads)
        .where(and(eq(boardThreads.postId, postId), eq(boardThreads.otherId, viewer.id)));
      await addThreadMessage(viewer, thread!, row.post.board as Board, body);
      return { threadId: thread!.id };
    },

    async listThreads(viewer: NonNullable<Viewer>): Promise<{ threads: BoardThreadSummary[] }> {
      const other = alias(user, 'other_user');
      const rows = await db
        .select({
          thread: boardThreads,
          postTitle: boardPosts.title,
          board: boardPosts.board,
          otherFirst: other.firstName,
          otherLast: other.lastName,
          otherName: other.name,
          otherRole: other.role,
          lastMessage: sql<string>`(select ${boardThreadMessages.body} from ${boardThreadMessages} where ${boardThreadMessages.threadId} = ${boardThreads.id} order by ${boardThreadMessages.createdAt} desc limit 1)`,
        })
        .from(boardThreads)
        .innerJoin(boardPosts, eq(boardPosts.id, boardThreads.postId))
        .innerJoin(
          other,
          eq(
            other.id,
            sql`case when ${boardThreads.authorId} = ${viewer.id} then ${boardThreads.otherId} else ${boardThreads.authorId} end`,
          ),
        )
        .where(or(eq(boardThreads.authorId, viewer.id), eq(boardThreads.otherId, viewer.id)))
        .orderBy(desc(boardThreads.lastMessageAt))
        .limit(100);
      return {
        threads: rows.map((r) => ({
          id: r.thread.id,
          postId: r.thread.postId,
          postTitle: r.postTitle,
          board: r.board as Board,
          other: {
            id: r.thread.authorId === viewer.id ? r.thread.otherId : r.thread.authorId,
            name: displayName(r.otherFirst, r.otherLast, r.otherName),
            role: r.otherRole ?? 'member',
          },
          lastMessage: r.lastMessage ?? '',
          lastAt: r.thread.lastMessageAt.toISOString(),
        })),
      };
    },

    async getThread(viewer: NonNullable<Viewer>, threadId: string) {
      const found = await threadFor(viewer, threadId);
      const messages = await db
        .select()
        .from(boardThreadMessages)
        .where(eq(boardThreadMessages.threadId, threadId))
        .orderBy(asc(boardThreadMessages.createdAt), asc(boardThreadMessages.id));
      const otherId = found.thread.authorId === viewer.id ? found.thread.otherId : found.thread.authorId;
      const [other] = await db.select().from(user).where(eq(user.id, otherId));
      return {
        thread: {
          id: found.thread.id,
          postId: found.thread.postId,
          postTitle: found.postTitle,
          board: found.board as Board,
          other: {
            id: otherId,
            name: other ? displayName(other.firstName ?? null, other.lastName ?? null, other.name) : 'Member',
            role: other?.role ?? 'member',
          },
        },
        messages: messages.map((m): BoardThreadMessage => ({
          id: m.id,
          body: m.body,
          senderId: m.senderId,
          isMine: m.senderId === viewer.id,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },

    async sendMessage(viewer: NonNullable<Viewer>, threadId: string, body: string) {
      const found = await threadFor(viewer, threadId);
      const message = await addThreadMessage(viewer, found.thread, found.board as Board, body);
      return { id: message.id };
    },

    /** Admins: posts with open reports, the most reported first, each with its reasons. */
    async moderationQueue() {
      const open = await db
        .select({
          postId: boardReports.postId,
          reason: boardReports.reason,
          createdAt: boardReports.createdAt,
        })
        .from(boardReports)
        .where(isNull(boardReports.resolvedAt))
        .orderBy(asc(boardReports.createdAt))
        .limit(500);
      const postIds = [...new Set(open.map((r) => r.postId))];
      if (postIds.length === 0) return { items: [] };
      const posts = await db
        .select({ post: boardPosts, ...authorColumns })
        .from(boardPosts)
        .innerJoin(user, eq(user.id, boardPosts.authorId))
        .where(inArray(boardPosts.id, postIds));
      const admin: Viewer = { id: '', role: 'admin' };
      return {
        items: posts
          .map((row) => {
            const reports = open.filter((r) => r.postId === row.post.id);
            return {
              post: toPost(admin, row, 0),
              reports: reports.map((r) => ({ reason: r.reason, createdAt: r.createdAt.toISOString() })),
            };
          })
          .sort((a, b) => b.reports.length - a.reports.length),
      };
    },

    /**
     * Hide, restore or dismiss: the post's status changes (hide/restore), the open reports close,
     * and the action is written to the audit log — all in one transaction.
     */
    async moderate(actor: AuditActor, postId: string, action: ModerationAction) {
      return db.transaction(async (tx) => {
        const [post] = await tx.select().from(boardPosts).where(eq(boardPosts.id, postId)).for('update');
        if (!post) throw notFound();
        const status = action === 'hide' ? 'hidden' : action === 'restore' ? 'visible' : post.status;
        if (status !== post.status) await tx.update(boardPosts).set({ status }).where(eq(boardPosts.id, postId));
        const closed = await tx
          .update(boardReports)
          .set({ resolvedAt: new Date(), resolution: action })
          .where(and(eq(boardReports.postId, postId), isNull(boardReports.resolvedAt)))
          .returning({ id: boardReports.id });
        await recordAdminAction(tx, actor, {
          action: `board_post.${action === 'hide' ? 'hidden' : action === 'restore' ? 'restored' : 'reports_dismissed'}`,
          targetType: 'board_post',
          targetId: postId,
          details: { from: post.status, to: status, reportsClosed: closed.length },
        });
        return { id: postId, status, reportsClosed: closed.length };
      });
    },
  };
}
export type Boards = ReturnType<typeof createBoards>;
