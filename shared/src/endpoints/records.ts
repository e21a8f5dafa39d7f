// The records module's endpoints (api/src/modules/records/): the employee's own records (issue 13),
// the caller's by default; HR reads another's (?employee= on the lists, the id in the path). The
// services parse the bodies themselves, after the checks that depend on the record.
import type {
  TBankAccount,
  TBankAccountList,
  TBankAccountRequest,
  TEmployeeRecordQuery,
} from '../contracts/bank-accounts.ts';
import type { TPreviousCommuting, TStation, TStationQuery } from '../contracts/commuting.ts';
import type { TContact, TContactList, TContactRequest } from '../contracts/contacts.ts';
import type {
  TAvatar,
  TAvatarUpload,
  TEmployeeProfile,
  TPostalAddress,
  TProfileUpdate,
  TResidenceStatus,
} from '../contracts/profile.ts';
import { endpoint, io } from './endpoint.ts';

export const records = {
  listBankAccounts: endpoint(
    'get',
    '/api/bank-accounts/',
    io<{ query: TEmployeeRecordQuery; answer: TBankAccountList }>(),
  ),
  createBankAccount: endpoint(
    'post',
    '/api/bank-accounts/',
    io<{ body: TBankAccountRequest; answer: TBankAccount }>(),
  ),
  getBankAccount: endpoint('get', '/api/bank-accounts/:id/', io<{ answer: TBankAccount }>()),
  replaceBankAccount: endpoint(
    'put',
    '/api/bank-accounts/:id/',
    io<{ body: TBankAccountRequest; answer: TBankAccount }>(),
  ),
  deleteBankAccount: endpoint('delete', '/api/bank-accounts/:id/', io<{ answer: void }>()),
  listContacts: endpoint(
    'get',
    '/api/account/contacts/',
    io<{ query: TEmployeeRecordQuery; answer: TContactList }>(),
  ),
  createContact: endpoint(
    'post',
    '/api/account/contacts/',
    io<{ body: TContactRequest; answer: TContact }>(),
  ),
  getContact: endpoint('get', '/api/account/contacts/:id/', io<{ answer: TContact }>()),
  replaceContact: endpoint(
    'put',
    '/api/account/contacts/:id/',
    io<{ body: TContactRequest; answer: TContact }>(),
  ),
  deleteContact: endpoint('delete', '/api/account/contacts/:id/', io<{ answer: void }>()),
  getProfile: endpoint('get', '/api/employees/:id/', io<{ answer: TEmployeeProfile }>()),
  updateProfile: endpoint(
    'patch',
    '/api/employees/:id/',
    io<{ body: TProfileUpdate; answer: TEmployeeProfile }>(),
  ),
  residenceStatus: endpoint(
    'get',
    '/api/employees/:id/residence-status/',
    io<{ answer: TResidenceStatus }>(),
  ),
  getAvatar: endpoint('get', '/api/account/avatar/', io<{ answer: TAvatar }>()),
  replaceAvatar: endpoint('put', '/api/account/avatar/', io<{ body: TAvatarUpload; answer: TAvatar }>()),
  deleteAvatar: endpoint('delete', '/api/account/avatar/', io<{ answer: void }>()),
  /** The addresses of a postal code (`1000001` or `100-0001`). */
  postalCode: endpoint('get', '/api/postal-codes/:code/', io<{ answer: TPostalAddress[] }>()),
  previousCommuting: endpoint(
    'get',
    '/api/prev-commuting/',
    io<{ query: TEmployeeRecordQuery; answer: TPreviousCommuting }>(),
  ),
  stations: endpoint('get', '/api/stations/', io<{ query: TStationQuery; answer: TStation[] }>()),
} as const;
