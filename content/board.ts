import type { BoardMember } from "./types.ts";
import photo1 from "./images/board-1.svg";
import photo2 from "./images/board-2.svg";
import photo3 from "./images/board-3.svg";
import photo4 from "./images/board-4.svg";
import photo5 from "./images/board-5.svg";

/** The five directors (see `governance.boardSize`). The president's name matches `association.president.name`. */
export const board: BoardMember[] = [
  { name: "Ellen Halvorsen", title: "President", image: photo1, order: 1 },
  { name: "David Kowalski", title: "Vice President", image: photo2, order: 2 },
  { name: "Ruth Andersen", title: "Treasurer", image: photo3, order: 3 },
  { name: "Tom Brekke", title: "Secretary", image: photo4, order: 4 },
  { name: "Maria Delgado", title: "Member at Large", image: photo5, order: 5 },
];
