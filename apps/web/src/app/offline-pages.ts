/**
 * The pages whose data is kept on the device (offline-warmup.ts): the dashboards, the plan list,
 * a plan and its medications, the schedule, an assignment, the circles. There the saved-data
 * banner says what is shown; on a form (registration, creating or editing a plan) the shell's
 * "what you have typed stays on this page" is what the person needs to read.
 */
const SAVED_DATA_PAGES = [
  /^\/dashboard\//,
  /^\/professional\/(schedule|assignments\/[^/]+)\/?$/,
  /^\/family\/care-management\/?$/,
  /^\/family\/care-management\/(?!create(\/|$))[^/]+(\/medications)?\/?$/,
  /^\/circles?(\/|$)/,
];
export const showsSavedData = (pathname: string) => SAVED_DATA_PAGES.some((page) => page.test(pathname));
