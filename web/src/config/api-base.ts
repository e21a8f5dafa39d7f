// Where the API is served (the endpoint table's paths start with it). Imports nothing.

export const API_BASE = '/api';
