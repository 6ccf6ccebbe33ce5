import type { BoardMember } from "./types.ts";

/** The five directors (see `governance.boardSize`). The president's name matches `association.president.name`. */
export const board: BoardMember[] = [
  { name: "Ellen Halvorsen", title: "President", photo: "board-1.svg", order: 1 },
  { name: "David Kowalski", title: "Vice President", photo: "board-2.svg", order: 2 },
  { name: "Ruth Andersen", title: "Treasurer", photo: "board-3.svg", order: 3 },
  { name: "Tom Brekke", title: "Secretary", photo: "board-4.svg", order: 4 },
  { name: "Maria Delgado", title: "Member at Large", photo: "board-5.svg", order: 5 },
];
