// The records module's endpoints (api/src/modules/records/). Types still to be named: see docs/structure.md.
import { endpoint, io } from './endpoint.ts';

export const records = {
  getBankAccounts: endpoint('get', '/api/bank-accounts/', io<{ answer: unknown }>()),
  postBankAccounts: endpoint('post', '/api/bank-accounts/', io<{ answer: unknown }>()),
  getBankAccountsOne: endpoint('get', '/api/bank-accounts/:id/', io<{ answer: unknown }>()),
  putBankAccountsOne: endpoint('put', '/api/bank-accounts/:id/', io<{ answer: unknown }>()),
  deleteBankAccountsOne: endpoint('delete', '/api/bank-accounts/:id/', io<{ answer: unknown }>()),
  getAccountContacts: endpoint('get', '/api/account/contacts/', io<{ answer: unknown }>()),
  postAccountContacts: endpoint('post', '/api/account/contacts/', io<{ answer: unknown }>()),
  getAccountContactsOne: endpoint('get', '/api/account/contacts/:id/', io<{ answer: unknown }>()),
  putAccountContactsOne: endpoint('put', '/api/account/contacts/:id/', io<{ answer: unknown }>()),
  deleteAccountContactsOne: endpoint('delete', '/api/account/contacts/:id/', io<{ answer: unknown }>()),
  getEmployeesOne: endpoint('get', '/api/employees/:id/', io<{ answer: unknown }>()),
  patchEmployeesOne: endpoint('patch', '/api/employees/:id/', io<{ answer: unknown }>()),
  getEmployeesResidenceStatus: endpoint(
    'get',
    '/api/employees/:id/residence-status/',
    io<{ answer: unknown }>(),
  ),
  getAccountAvatar: endpoint('get', '/api/account/avatar/', io<{ answer: unknown }>()),
  putAccountAvatar: endpoint('put', '/api/account/avatar/', io<{ answer: unknown }>()),
  deleteAccountAvatar: endpoint('delete', '/api/account/avatar/', io<{ answer: unknown }>()),
  getPostalCodesOne: endpoint('get', '/api/postal-codes/:code/', io<{ answer: unknown }>()),
  getPrevCommuting: endpoint('get', '/api/prev-commuting/', io<{ answer: unknown }>()),
  getStations: endpoint('get', '/api/stations/', io<{ answer: unknown }>()),
} as const;
