import { Tabs as RadixTabs } from 'radix-ui';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Radix Tabs (arrow keys move between tabs, the panel is labelled by its tab) in the design
 * system's look. On a narrow phone the list scrolls sideways in one row rather than wrapping
 * (issue 31, item 4): the active tab is brought into view, and an edge that has more tabs behind
 * it fades out, so a person can see there is more to swipe to.
 */
export const Tabs = RadixTabs.Root;

/** Room left at an edge before it counts as having more behind it (sub-pixel widths round). */
const EDGE_SLACK_PX = 2;
const FADE_PX = 40;

/** Scrolls the list only (scrollIntoView could move the page) so the active tab is clear of the faded edges. */
function showActiveTab(list: HTMLElement) {
  const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!active || list.scrollWidth <= list.clientWidth) return;
  const room = list.getBoundingClientRect();
  const tab = active.getBoundingClientRect();
  if (tab.left < room.left + FADE_PX) list.scrollLeft -= room.left + FADE_PX - tab.left;
  else if (tab.right > room.right - FADE_PX) list.scrollLeft += tab.right - (room.right - FADE_PX);
}

export function TabsList({ className, style, ...props }: ComponentProps<typeof RadixTabs.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  // Measured where the browser has just laid the page out — the ResizeObserver's callback, which
  // also runs once as it starts — never in React's commit: reading sizes there forced a layout of
  // the whole page inside the commit's task, the longest part of a care page's first render on a
  // phone (decision 046). A later render (a tab chosen) brings the active tab into view at once.
  const laidOut = useRef(false);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const measure = () => {
      const start = list.scrollLeft > EDGE_SLACK_PX;
      const end = list.scrollLeft + list.clientWidth < list.scrollWidth - EDGE_SLACK_PX;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    list.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(() => {
      if (!laidOut.current) showActiveTab(list);
      laidOut.current = true;
      measure();
    });
    resize.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, []);

  // After every later render (a tab chosen): the active tab in view and clear of the faded edges.
  useEffect(() => {
    if (laidOut.current && ref.current) showActiveTab(ref.current);
  });

  const mask =
    edges.start || edges.end
      ? `linear-gradient(to right, ${edges.start ? 'transparent' : '#000'}, #000 ${FADE_PX}px, #000 calc(100% - ${FADE_PX}px), ${edges.end ? 'transparent' : '#000'})`
      : undefined;
  return (
    <RadixTabs.List
      ref={ref}
      className={cn(
        'flex min-w-0 gap-1 overflow-x-auto overscroll-x-contain border-b border-line [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        className,
      )}
      style={{ ...style, maskImage: mask, WebkitMaskImage: mask }}
      data-more-before={edges.start || undefined}
      data-more-after={edges.end || undefined}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 border-transparent px-3 font-semibold whitespace-nowrap text-ink-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-brand sm:px-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-6 focus-visible:outline-2', className)} {...props} />;
}
