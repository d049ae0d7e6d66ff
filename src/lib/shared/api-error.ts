// The JSON error body every /api path answers with, and what the client reads from it.
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}
