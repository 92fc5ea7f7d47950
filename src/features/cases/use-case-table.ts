import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CASE_TABLE_DROPS, Rooms, type ServerMessageData } from '../../contract/index.ts';
import { socket } from '../../net/index.ts';
import { caseTableKey, type CaseTableDetail } from './queries.ts';

/** Puts a pushed drop on top of the table's list (once) with the table's new totals. */
export function addTableDrop(detail: CaseTableDetail, push: ServerMessageData<'CASE_TABLE_DROP'>): CaseTableDetail {
  if (detail.drops.some((drop) => drop.hash === push.drop.hash)) return detail;
  return {
    ...detail,
    table: { ...detail.table, opened: push.opened, dropped_value: push.dropped_value },
    drops: [push.drop, ...detail.drops].slice(0, CASE_TABLE_DROPS),
  };
}

/**
 * Keeps a case table live: joins CASE_TABLE[{id}] while the page is up and adds each drop.
 * A (re)join refetches the table, so whatever fell between the fetch and the join shows too.
 */
export function useCaseTableLive(id: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const room = Rooms.caseTable(id);
    const refetch = (joined: string) => {
      if (joined === room) void queryClient.invalidateQueries({ queryKey: caseTableKey(id) });
    };
    const offs = [
      socket.subscribe(room),
      socket.on('CASE_TABLE_DROP', (push, frame) => {
        if (frame.room === room) queryClient.setQueryData<CaseTableDetail>(caseTableKey(id), (detail) => (detail ? addTableDrop(detail, push) : detail));
      }),
      socket.on('ROOM_JOINED', ({ room: joined }) => refetch(joined)),
      socket.on('ROOM_RESYNC', ({ room: joined }) => refetch(joined)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, id]);
}
