import { useQuery } from '@tanstack/react-query';
import { BellRing, Flag, GraduationCap, History, Inbox, Route as RouteIcon, Users, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { featureVotesQuery, useAdminUsers, useSupportRequests } from '../api/admin-api';
import { AuditLogPanel } from './audit-log-panel';
import { FeatureVotesPanel } from './feature-votes-panel';
import { DocumentsToVerifyPanel } from './documents-to-verify-panel';
import { ModerationPanel } from './moderation-panel';
import { NotificationQueuePanel } from './notification-queue-panel';
import { SupportPanel } from './support-panel';
import { TrainingPanel } from './training-panel';
import { UsersPanel } from './users-panel';

const TABS = ['users', 'support', 'moderation', 'votes', 'training', 'notifications', 'audit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

function Figure({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-line bg-surface p-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">{icon}</span>
      <div>
        <p className="text-ink-muted">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value ?? '…'}</p>
      </div>
    </div>
  );
}

/**
 * /dashboard/admin for an admin (issue 8): three live figures, then users (with the audit log),
 * the support inbox and feature votes as tabs. The open tab is in the address (`?tab=`), so a
 * reload or the back button keeps the admin where they were.
 */
export function AdminDashboard({ currentUserId }: { currentUserId: string }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'users';
  // The same queries the tabs use on their first page, so the figures cost no extra request.
  const users = useAdminUsers({ search: '', role: '', page: 1 });
  const support = useSupportRequests({ status: 'new', page: 1 });
  const votes = useQuery(featureVotesQuery);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="mt-1 text-ink-muted">Manage accounts, answer support requests and see what people ask for.</p>
        </div>
        <Button asChild variant="secondary">
          <Link to="/admin/user-journey">
            <RouteIcon aria-hidden="true" className="size-5" />
            User Journey
          </Link>
        </Button>
      </header>
      <div className="mt-6 grid gap-3 sm:grid-cols-3">
        <Figure label="Accounts" value={users.data?.total} icon={<Users aria-hidden="true" className="size-5" />} />
        <Figure
          label="New support requests"
          value={support.data?.counts.new}
          icon={<Inbox aria-hidden="true" className="size-5" />}
        />
        <Figure
          label="Feature votes"
          value={votes.data?.totalVotes}
          icon={<Vote aria-hidden="true" className="size-5" />}
        />
      </div>
      <Tabs
        className="mt-8"
        value={tab}
        onValueChange={(value) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}
      >
        {/* Two columns on a phone: every area in sight, none scrolled away sideways. */}
        <TabsList
          aria-label="Admin areas"
          className="max-sm:grid max-sm:grid-cols-2 max-sm:overflow-visible max-sm:[&>button]:px-2 max-sm:[&>button]:whitespace-normal"
        >
          <TabsTrigger value="users">
            <Users aria-hidden="true" className="size-5" />
            Users
          </TabsTrigger>
          <TabsTrigger value="support">
            <Inbox aria-hidden="true" className="size-5" />
            Support requests
          </TabsTrigger>
          <TabsTrigger value="moderation">
            <Flag aria-hidden="true" className="size-5" />
            Reports &amp; documents
          </TabsTrigger>
          <TabsTrigger value="votes">
            <Vote aria-hidden="true" className="size-5" />
            Feature votes
          </TabsTrigger>
          <TabsTrigger value="training">
            <GraduationCap aria-hidden="true" className="size-5" />
            Training
          </TabsTrigger>
          <TabsTrigger value="notifications">
            <BellRing aria-hidden="true" className="size-5" />
            Notifications
          </TabsTrigger>
          <TabsTrigger value="audit">
            <History aria-hidden="true" className="size-5" />
            Audit log
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="flex flex-col gap-10">
          <UsersPanel currentUserId={currentUserId} />
          <AuditLogPanel />
        </TabsContent>
        <TabsContent value="support">
          <SupportPanel />
        </TabsContent>
        <TabsContent value="moderation" className="flex flex-col gap-10">
          <ModerationPanel />
          <DocumentsToVerifyPanel />
        </TabsContent>
        <TabsContent value="votes">
          <FeatureVotesPanel />
        </TabsContent>
        <TabsContent value="training">
          <TrainingPanel />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationQueuePanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
