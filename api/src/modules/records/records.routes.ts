// The employee's own records (issue 13): employees/{id}/ (the profile) and its residence status,
// account/avatar/, bank-accounts/, account/contacts/, the postal-code lookup and the commuting
// helpers. The writes hand the body to the service as sent: it parses it after its own checks.
import { z } from 'zod';
import { ZBankAccount, ZBankAccountList, ZEmployeeRecordQuery } from '@portal/shared/contracts/bank-accounts';
import { ZPreviousCommuting, ZStation, ZStationQuery } from '@portal/shared/contracts/commuting';
import { ZContact, ZContactList } from '@portal/shared/contracts/contacts';
import {
  ZAvatar,
  ZEmployeeProfile,
  ZPostalAddress,
  ZResidenceStatus,
} from '@portal/shared/contracts/profile';
import { records } from '@portal/shared/endpoints/records';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { deleteAvatar, getAvatar, putAvatar } from './avatar.service.ts';
import {
  createBankAccount,
  deleteBankAccount,
  getBankAccount,
  listBankAccounts,
  replaceBankAccount,
} from './bank-accounts.service.ts';
import { previousCommuting } from './commuting.service.ts';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  replaceContact,
} from './contacts.service.ts';
import { lookupPostalCode } from './postal-codes.ts';
import { getProfile, getResidenceStatus, updateProfile } from './profile.service.ts';
import { searchStations } from './stations.ts';

export const recordsModule = moduleOf('records', records, (deps) => {
  const on = endpointRouter(deps);
  const query = ZEmployeeRecordQuery;

  route(on, records.listBankAccounts, { query, answer: ZBankAccountList }, ({ ctx, query }) =>
    listBankAccounts({ ctx, input: query }),
  );
  route(on, records.createBankAccount, { status: 201, answer: ZBankAccount }, ({ ctx, body }) =>
    createBankAccount({ ctx, input: body }),
  );
  route(on, records.getBankAccount, { answer: ZBankAccount }, ({ ctx, params }) =>
    getBankAccount({ ctx, input: params }),
  );
  route(on, records.replaceBankAccount, { answer: ZBankAccount }, ({ ctx, params, body }) =>
    replaceBankAccount({ ctx, input: { id: params.id, body } }),
  );
  route(on, records.deleteBankAccount, { status: 204 }, ({ ctx, params }) =>
    deleteBankAccount({ ctx, input: params }),
  );

  route(on, records.listContacts, { query, answer: ZContactList }, ({ ctx, query }) =>
    listContacts({ ctx, input: query }),
  );
  route(on, records.createContact, { status: 201, answer: ZContact }, ({ ctx, body }) =>
    createContact({ ctx, input: body }),
  );
  route(on, records.getContact, { answer: ZContact }, ({ ctx, params }) =>
    getContact({ ctx, input: params }),
  );
  route(on, records.replaceContact, { answer: ZContact }, ({ ctx, params, body }) =>
    replaceContact({ ctx, input: { id: params.id, body } }),
  );
  route(on, records.deleteContact, { status: 204 }, ({ ctx, params }) =>
    deleteContact({ ctx, input: params }),
  );

  route(on, records.getProfile, { answer: ZEmployeeProfile }, ({ ctx, params }) =>
    getProfile({ ctx, input: params }),
  );
  route(on, records.updateProfile, { answer: ZEmployeeProfile }, ({ ctx, params, body }) =>
    updateProfile({ ctx, input: { id: params.id, body } }),
  );
  route(on, records.residenceStatus, { answer: ZResidenceStatus }, ({ ctx, params }) =>
    getResidenceStatus({ ctx, input: params }),
  );

  route(on, records.getAvatar, { answer: ZAvatar }, ({ ctx }) => getAvatar({ ctx }));
  route(on, records.replaceAvatar, { answer: ZAvatar }, ({ ctx, body }) => putAvatar({ ctx, input: body }));
  route(on, records.deleteAvatar, { status: 204 }, ({ ctx }) => deleteAvatar({ ctx }));

  route(on, records.postalCode, { answer: z.array(ZPostalAddress) }, ({ ctx, params }) =>
    lookupPostalCode({ ctx, input: params }),
  );
  route(on, records.previousCommuting, { query, answer: ZPreviousCommuting }, ({ ctx, query }) =>
    previousCommuting({ ctx, input: query }),
  );
  route(on, records.stations, { query: ZStationQuery, answer: z.array(ZStation) }, ({ ctx, query }) =>
    searchStations({ ctx, input: query }),
  );
  return on.router;
});
