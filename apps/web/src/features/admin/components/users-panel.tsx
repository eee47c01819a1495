import { ROLE_LABELS, ROLES, type Role } from '@tavara/shared/roles';
import { BadgeCheck, CircleDashed, Search, Trash2, UserCog, Users } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { type AdminUser, useAdminUsers } from '../api/admin-api';
import { formatDate, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';
import { Pager, usePageInRange } from './pager';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { RoleBadge } from './role-badge';
import { ChangeRoleDialog, DeleteUserDialog } from './user-dialogs';

const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

function Verified({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1.5 text-success">
      <BadgeCheck aria-hidden="true" className="size-5" />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 text-ink-muted">
      <CircleDashed aria-hidden="true" className="size-5" />
      Not verified
    </span>
  );
}

type Action = { kind: 'role' | 'delete'; user: AdminUser } | null;

/** What the search asks for: the words typed, trimmed (an empty search lists everyone). */
const userSearchSchema = z.object({ search: z.string().trim().max(100) });

/**
 * Users (issue 8): search by e-mail or name, filter by role, a page at a time; change a role or
 * delete an account. The admin's own row has no actions (the server refuses them as well).
 */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const searchForm = useZodForm(userSearchSchema, { defaultValues: { search: '' } });
  const [filters, setFilters] = useState<{ search: string; role: Role | ''; page: number }>({
    search: '',
    role: '',
    page: 1,
  });
  const [action, setAction] = useState<Action>(null);
  const users = useAdminUsers(filters);
  usePageInRange(users.data, filters.page, (page) => setFilters((f) => ({ ...f, page })));

  const actions = (user: AdminUser) =>
    user.id === currentUserId ? (
      <span className="text-sm text-ink-muted">This is you</span>
    ) : (
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Change role of ${user.email}`}
          onClick={() => setAction({ kind: 'role', user })}
        >
          <UserCog aria-hidden="true" className="size-4" />
          Change role
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="text-danger hover:bg-danger-soft"
          aria-label={`Delete ${user.email}`}
          onClick={() => setAction({ kind: 'delete', user })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    );

  const results = (
    <QueryPanel
      query={users}
      loadingLabel="Loading users..."
      errorTitle="The users could not be loaded"
      isEmpty={(data) => data.users.length === 0}
      empty={
        <PanelEmpty icon={<Users aria-hidden="true" className="size-8" />} title="No users match">
          {filters.search || filters.role ? 'Try another search or role.' : 'No one has signed up yet.'}
        </PanelEmpty>
      }
    >
      {(data) => (
        <>
          <p className="mb-3 text-ink-muted" aria-live="polite">
            {data.total === 1 ? '1 user' : `${data.total} users`}
            {filters.search && ` matching “${filters.search}”`}
            {filters.role && ` with the role ${ROLE_LABELS[filters.role]}`}
          </p>
          {/* Wide screens: a table; phones: one card per user. */}
          <div className="hidden overflow-x-auto rounded-card border border-line bg-surface md:block">
            <table className="w-full text-left">
              <caption className="sr-only">Users</caption>
              <thead className="border-b border-line bg-canvas text-sm text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Name and e-mail
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Role
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Address confirmed
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Created
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user.id} className="border-b border-line last:border-0">
                    <td className="px-4 py-3">
                      <p className="font-semibold">{user.name || '—'}</p>
                      <p className="text-sm break-all text-ink-muted">{user.email}</p>
                    </td>
                    <td className="px-4 py-3">
                      <RoleBadge role={user.role} />
                    </td>
                    <td className="px-4 py-3">
                      <Verified verified={user.emailVerified} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt, VIEWER_TIME_ZONE)}</td>
                    <td className="px-4 py-3">{actions(user)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden">
            {data.users.map((user) => (
              <li key={user.id} className="rounded-card border border-line bg-surface p-4">
                <p className="font-semibold">{user.name || '—'}</p>
                <p className="text-sm break-all text-ink-muted">{user.email}</p>
                <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                  <RoleBadge role={user.role} />
                  <Verified verified={user.emailVerified} />
                  <span className="text-ink-muted">Joined {formatDate(user.createdAt, VIEWER_TIME_ZONE)}</span>
                </div>
                <div className="mt-3">{actions(user)}</div>
              </li>
            ))}
          </ul>
          <Pager
            label="Users pages"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => setFilters((f) => ({ ...f, page: next }))}
          />
        </>
      )}
    </QueryPanel>
  );

  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading" tabIndex={-1} className="text-xl font-semibold">
        Users
      </h2>
      <Form
        form={searchForm}
        role="search"
        className="mt-4 mb-5 grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
        onSubmit={({ search }) => setFilters((f) => ({ ...f, search, page: 1 }))}
      >
        <FormTextField
          control={searchForm.control}
          name="search"
          label="Search by e-mail or name"
          type="search"
          maxLength={100}
        />
        <SelectField
          label="Role"
          options={ROLE_FILTER_OPTIONS}
          value={filters.role}
          onChange={(event) => setFilters((f) => ({ ...f, role: event.target.value as Role | '', page: 1 }))}
        />
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          Search
        </Button>
      </Form>
      {results}
      {action?.kind === 'role' && <ChangeRoleDialog user={action.user} onClose={() => setAction(null)} />}
      {action?.kind === 'delete' && <DeleteUserDialog user={action.user} onClose={() => setAction(null)} />}
    </section>
  );
}
