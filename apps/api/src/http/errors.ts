// Errors a person can read: every failure the API answers is an ApiError with a status and message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: readonly string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: readonly string[]) => new ApiError(400, message, errors);
export const unauthorized = (message = 'You are not signed in.') => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);

export interface Envelope<T> {
  status: number;
  data: T;
}

export interface ErrorEnvelope {
  status: number;
  message: string;
  errors?: readonly string[];
}
