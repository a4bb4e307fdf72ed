/** What the jobs carry: ids and content only, since jobs are stored in PostgreSQL. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface PushPayload {
  title: string;
  body: string;
  icon?: string;
  url?: string;
}
