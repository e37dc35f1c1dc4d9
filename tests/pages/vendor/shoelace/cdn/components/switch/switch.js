import {
  switch_default
} from "../../chunks/chunk.U5OKE2YZ.js";
import "../../chunks/chunk.6QYB2UKN.js";
import "../../chunks/chunk.AFTLC75S.js";
import "../../chunks/chunk.YA5FISEV.js";
import "../../chunks/chunk.VGK3WMAH.js";
import "../../chunks/chunk.E5624Z63.js";
import "../../chunks/chunk.ZTHCIXLL.js";
import "../../chunks/chunk.NYIIDP5N.js";
import "../../chunks/chunk.KMHRSCRM.js";
import "../../chunks/chunk.3RBSSBZT.js";
import "../../chunks/chunk.UP75L23G.js";
import "../../chunks/chunk.JMZM2TDT.js";
import "../../chunks/chunk.INZSKSLC.js";
import "../../chunks/chunk.OGQ452CI.js";
import "../../chunks/chunk.OOP2EFQH.js";
import "../../chunks/chunk.W27M6RDR.js";
export {
  switch_default as default
};
