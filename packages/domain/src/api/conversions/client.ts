// Conversion action calls (docs/conversions.md) for the console's `*-queries.ts`.
import type { ConversionAction, PostbackKeyAnswer } from '../../conversions/conversion';
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { conversionsContract } from './contract';

export function conversionCalls(http: Http) {
  const {
    getConversionAction,
    listConversionActions,
    createConversionAction,
    updateConversionAction,
    archiveConversionAction,
    unarchiveConversionAction,
    rotatePostbackKey,
  } = conversionsContract;
  return {
    getConversionAction: (id: string): Promise<ConversionAction> => send(http, getConversionAction, { id }),
    listConversionActions: (campaignID: string): Promise<ConversionAction[]> =>
      send(http, listConversionActions, { campaignID }, { emptyAnswer: [] }),
    createConversionAction: (input: CallInput<typeof createConversionAction>): Promise<ConversionAction> =>
      send(http, createConversionAction, input),
    updateConversionAction: (input: CallInput<typeof updateConversionAction>): Promise<ConversionAction> =>
      send(http, updateConversionAction, input),
    setConversionActionArchived: (id: string, archived: boolean): Promise<ConversionAction> =>
      send(http, archived ? archiveConversionAction : unarchiveConversionAction, { id }),
    /** A new postback key: the answer carries it this once. */
    rotatePostbackKey: (id: string): Promise<PostbackKeyAnswer> => send(http, rotatePostbackKey, { id }),
  };
}
