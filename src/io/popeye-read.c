/* popeye-read.c — Popeye input read into FeProblem: options, the problem loop.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Féerie extensions that Popeye lacks are written as "remark feerie: ..."
 * lines: Popeye only prints them, our reader splices their words back into
 * the token stream, so a written file reads back into the same model.
 * docs/popeye-input.md documents all of this.
 */
#include <stddef.h>
#include <string.h>

#include "popeye-private.h"
#include "core/model/walk.h"

enum {
  OPT_DEFENCE, OPT_SETPLAY, OPT_WHITETOPLAY, OPT_VARIATIONS, OPT_MOVENUMBERS, OPT_STARTMOVE,
  OPT_NOWK, OPT_DUPLEX, OPT_NOBK, OPT_THREAT, OPT_NOTHREAT, OPT_TRY, OPT_MAXSOLUTIONS,
  OPT_MAXFLIGHTS, OPT_SEARCH, OPT_MULTISOLUTIONS, OPT_NOSYMMETRY, OPT_NONTRIVIAL,
  OPT_KEEPMATING, OPT_ENPASSANT, OPT_NOBOARD, OPT_NOSHORTVAR, OPT_HALFDUPLEX, OPT_POSTKEY,
  OPT_INTELLIGENT, OPT_MAXTIME, OPT_NOCASTLING, OPT_QUODLIBET, OPT_STOPSHORT, OPT_BEEP,
  OPT_SUPPRESSGRID, OPT_WRITEGRID, OPT_CASTLINGMUTEX, OPT_GOALISEND, OPT_NULLMOVES, OPT_MATESIN1,
};

static const Kw options[] = {
  { "Defence", OPT_DEFENCE }, { "SetPlay", OPT_SETPLAY }, { "WhiteToPlay", OPT_WHITETOPLAY },
  { "Variations", OPT_VARIATIONS }, { "MoveNumbers", OPT_MOVENUMBERS },
  { "StartMoveNumber", OPT_STARTMOVE }, { "NoWk", OPT_NOWK }, { "Duplex", OPT_DUPLEX },
  { "NoBk", OPT_NOBK }, { "Threat", OPT_THREAT }, { "NoThreat", OPT_NOTHREAT },
  { "Try", OPT_TRY }, { "MaxSolutions", OPT_MAXSOLUTIONS },
  { "MaxFlightsquares", OPT_MAXFLIGHTS }, { "Search", OPT_SEARCH },
  { "MultiSolutions", OPT_MULTISOLUTIONS }, { "NoSymmetry", OPT_NOSYMMETRY },
  { "NonTrivial", OPT_NONTRIVIAL }, { "KeepMatingPiece", OPT_KEEPMATING },
  { "EnPassant", OPT_ENPASSANT }, { "NoBoard", OPT_NOBOARD },
  { "NoShortVariations", OPT_NOSHORTVAR }, { "HalfDuplex", OPT_HALFDUPLEX },
  { "PostKeyPlay", OPT_POSTKEY }, { "Intelligent", OPT_INTELLIGENT },
  { "MaxTime", OPT_MAXTIME }, { "NoCastling", OPT_NOCASTLING }, { "Quodlibet", OPT_QUODLIBET },
  { "StopOnShortSolutions", OPT_STOPSHORT }, { "Beep", OPT_BEEP },
  { "SuppressGrid", OPT_SUPPRESSGRID }, { "WriteGrid", OPT_WRITEGRID },
  { "CastlingMutuallyExclusive", OPT_CASTLINGMUTEX }, { "GoalIsEnd", OPT_GOALISEND },
  { "NullMoves", OPT_NULLMOVES }, { "MatesIn1", OPT_MATESIN1 },
};

/* ---- options ------------------------------------------------------------ */

/* Options that set one FeOptions field, in the order the writer writes
 * them: a flag (max 0) or a count from 1 to max. */
const PyValueOption py_value_options[] = {
  { "Variations", OPT_VARIATIONS, offsetof (FeOptions, variations), 0 },
  { "Try", OPT_TRY, offsetof (FeOptions, tries), 0 },
  { "Defence", OPT_DEFENCE, offsetof (FeOptions, defence), 99 },
  { "SetPlay", OPT_SETPLAY, offsetof (FeOptions, set_play), 0 },
  { "NoThreat", OPT_NOTHREAT, offsetof (FeOptions, no_threat), 0 },
  { "Threat", OPT_THREAT, offsetof (FeOptions, threat_length), 99 },
  { "WhiteToPlay", OPT_WHITETOPLAY, offsetof (FeOptions, white_to_play), 0 },
  { "Duplex", OPT_DUPLEX, offsetof (FeOptions, duplex), 0 },
  { "HalfDuplex", OPT_HALFDUPLEX, offsetof (FeOptions, half_duplex), 0 },
  { "PostKeyPlay", OPT_POSTKEY, offsetof (FeOptions, post_key_play), 0 },
  { "MaxSolutions", OPT_MAXSOLUTIONS, offsetof (FeOptions, max_solutions), 1000000 },
  { "NoBoard", OPT_NOBOARD, offsetof (FeOptions, no_board), 0 },
  { "NoWk", OPT_NOWK, offsetof (FeOptions, no_white_king), 0 },
  { "NoBk", OPT_NOBK, offsetof (FeOptions, no_black_king), 0 },
  { "StopOnShortSolutions", OPT_STOPSHORT, offsetof (FeOptions, stop_on_short), 0 },
  { "MaxTime", OPT_MAXTIME, offsetof (FeOptions, max_time), 100000000 },
  { "Quodlibet", OPT_QUODLIBET, offsetof (FeOptions, quodlibet), 0 },
  { "GoalIsEnd", OPT_GOALISEND, offsetof (FeOptions, goal_is_end), 0 },
  { "KeepMatingPiece", OPT_KEEPMATING, offsetof (FeOptions, keep_mating_piece), 0 },
  { "NoShortVariations", OPT_NOSHORTVAR, offsetof (FeOptions, no_short_variations), 0 },
  { "MatesIn1", OPT_MATESIN1, offsetof (FeOptions, mates_in_1), 0 },
};
const int py_n_value_options = G_N_ELEMENTS (py_value_options);

static const PyValueOption *
value_option (int id)
{
  for (int i = 0; i < py_n_value_options; i++)
    if (py_value_options[i].id == id)
      return &py_value_options[i];
  return NULL;
}

gboolean
py_is_option_word (const Tok *t)
{
  return py_kw_lookup (options, G_N_ELEMENTS (options), t, NULL) >= 0;
}

gboolean
py_parse_options (P *p, const Tok *cmd)
{
  FeOptions *o = &p->pb->options;
  int count = 0;
  for (;;)
    {
      int k = py_list_word (p, options, G_N_ELEMENTS (options), "option", FALSE);
      if (k < 0)
        {
          if (p->failed)
            return FALSE;
          break;
        }
      count++;
      const char *name = options[k].name;
      const PyValueOption *v = value_option (options[k].id);
      if (v && v->max)
        {
          if (!py_read_number (p, name, 1, v->max, (int *) ((char *) o + v->offset)))
            return FALSE;
          continue;
        }
      if (v)
        {
          *(gboolean *) ((char *) o + v->offset) = TRUE;
          continue;
        }
      switch (options[k].id)
        {
        case OPT_MOVENUMBERS:
        case OPT_BEEP:
        case OPT_SUPPRESSGRID:
        case OPT_WRITEGRID:
        case OPT_NOSYMMETRY:
        case OPT_MULTISOLUTIONS:
        case OPT_SEARCH:
          /* output details only */
          if (options[k].id == OPT_BEEP && py_peek (p) && py_is_number_like (py_peek (p)))
            p->i++;
          break;
        case OPT_INTELLIGENT:
          if (py_peek (p) && py_is_number_like (py_peek (p)))
            p->i++;
          break;
        case OPT_STARTMOVE:
          {
            int dummy;
            if (!py_read_number (p, name, 1, 1000000, &dummy))
              return FALSE;
          }
          break;
        case OPT_ENPASSANT:
          {
            Tok *s = py_next (p);
            FeSquare sq[8];
            int n = s ? py_square_list (s->s, s->len, sq, 8) : -1;
            /* Up to four: an Einstein pawn's triple step c1c2c3c4
             * (docs/rules/common-model.md §5.3), as Popeye's ReadSquares
             * takes them. */
            if (n < 2 || n > (int) G_N_ELEMENTS (o->ep_squares))
              {
                py_perr (p, s, "EnPassant needs the 2 to 4 squares of the last pawn move, e.g. "
                            "\"EnPassant f7f6f5\", \"EnPassant e2e4\" or \"EnPassant c1c2c3c4\"");
                return FALSE;
              }
            /* A pawn that ends where it began has not moved: the squares
             * between would be walked off the board (found by fuzz-popeye). */
            if (sq[0] == sq[n - 1])
              {
                py_perr (p, s, "EnPassant: the pawn's first and last squares are the same");
                return FALSE;
              }
            o->n_ep_squares = n;
            memcpy (o->ep_squares, sq, n);
          }
          break;
        case OPT_NOCASTLING:
          {
            Tok *s = py_next (p);
            FeSquare sq[32];
            int n = s ? py_square_list (s->s, s->len, sq, 32) : -1;
            if (n < 1 || n + o->n_no_castling > 8)
              {
                py_perr (p, s, "NoCastling needs squares such as \"a1e1h1\"");
                return FALSE;
              }
            for (int j = 0; j < n; j++)
              o->no_castling[o->n_no_castling++] = sq[j];
          }
          break;
        case OPT_NONTRIVIAL:
          /* "NonTrivial m n": both may be 0 (docs/rules/stipulations.md §14). */
          if (!py_read_number (p, name, 0, 99, &o->non_trivial_max)
              || !py_read_number (p, name, 0, 99, &o->non_trivial_length))
            return FALSE;
          o->non_trivial = TRUE;
          break;
        case OPT_CASTLINGMUTEX:
          {
            Tok *s = py_next (p);
            FeSquare sq[2];
            int n = s ? py_square_list (s->s, s->len, sq, 2) : -1;
            if (n != 2 || o->n_castling_exclusive >= 4)
              {
                py_perr (p, s, "CastlingMutuallyExclusive needs two rook squares, e.g. \"a1h8\"");
                return FALSE;
              }
            o->castling_exclusive[o->n_castling_exclusive][0] = sq[0];
            o->castling_exclusive[o->n_castling_exclusive][1] = sq[1];
            o->n_castling_exclusive++;
          }
          break;
        default:
          {
            /* Options that change the solution and Féerie doesn't have. */
            GString *s = g_string_new ("option ");
            g_string_append (s, name);
            int nparams = options[k].id == OPT_MAXFLIGHTS ? 1 : 0;
            for (int j = 0; j < nparams && py_peek (p); j++)
              {
                Tok *a = py_next (p);
                g_string_append_printf (s, " %.*s", a->len, a->s);
              }
            py_add_unsupported (p, g_string_free (s, FALSE));
          }
          break;
        }
    }
  if (!count)
    {
      py_perr (p, py_peek (p), "\"%.*s\" is not followed by any option", cmd->len, cmd->s);
      return FALSE;
    }
  return TRUE;
}

static void
append_squares (GString *s, const FeSquare *sq, int n)
{
  for (int k = 0; k < n; k++)
    {
      char name[3];
      fe_square_name (sq[k], name);
      g_string_append (s, name);
    }
}

void
py_option_items (const FeProblem *pb, GPtrArray *out)
{
  const FeOptions *o = &pb->options;
  const FePosition *d = &pb->diagram;
  for (int k = 0; k < py_n_value_options; k++)
    {
      const PyValueOption *v = &py_value_options[k];
      const char *field = (const char *) o + v->offset;
      if (v->max && *(const int *) field)
        g_ptr_array_add (out, g_strdup_printf ("%s %d", v->name, *(const int *) field));
      else if (!v->max && *(const gboolean *) field)
        g_ptr_array_add (out, g_strdup (v->name));
    }
  if (o->non_trivial)
    g_ptr_array_add (out, g_strdup_printf ("NonTrivial %d %d", o->non_trivial_max, o->non_trivial_length));
  if (o->n_ep_squares >= 2)
    {
      GString *s = g_string_new ("EnPassant ");
      append_squares (s, o->ep_squares, o->n_ep_squares);
      g_ptr_array_add (out, g_string_free (s, FALSE));
    }
  /* NoCastling: the squares given, plus any right the diagram lacks. */
  FeSquare nc[8];
  int n = 0;
  for (int k = 0; k < o->n_no_castling && n < 8; k++)
    nc[n++] = o->no_castling[k];
  FePosition fresh = *d;
  fe_position_default_castling (&fresh);
  uint8_t missing = fresh.castling & ~d->castling;
  static const struct { uint8_t flag; int file, rank; } rights[] = {
    { FE_CASTLE_WK, 4, 0 }, { FE_CASTLE_WA, 0, 0 }, { FE_CASTLE_WH, 7, 0 },
    { FE_CASTLE_BK, 4, 7 }, { FE_CASTLE_BA, 0, 7 }, { FE_CASTLE_BH, 7, 7 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (rights); k++)
    if (missing & rights[k].flag)
      {
        FeSquare sq = FE_SQ (rights[k].file, rights[k].rank);
        gboolean have = FALSE;
        for (int j = 0; j < n; j++)
          have |= nc[j] == sq;
        if (!have && n < 8)
          nc[n++] = sq;
      }
  if (n)
    {
      GString *s = g_string_new ("NoCastling ");
      append_squares (s, nc, n);
      g_ptr_array_add (out, g_string_free (s, FALSE));
    }
  for (int k = 0; k < o->n_castling_exclusive; k++)
    {
      GString *s = g_string_new ("CastlingMutuallyExclusive ");
      append_squares (s, o->castling_exclusive[k], 2);
      g_ptr_array_add (out, g_string_free (s, FALSE));
    }
}

/* ---- problems -------------------------------------------------------------- */

static void
append_line (char **field, const char *text)
{
  if (!*field)
    *field = g_strdup (text);
  else
    {
      char *s = g_strconcat (*field, "\n", text, NULL);
      g_free (*field);
      *field = s;
    }
}

/* Where a rule broken by the problem shows in the text: the twin, else
 * the later-read of the pieces it names (a second king), else the end
 * (imitators come from a condition's words, not located one by one). */
static const Tok *
fault_token (P *p, const FeProblemFault *fault, const Tok *end)
{
  if (fault->twin > 0)
    return &g_array_index (p->twin_toks, Tok, fault->twin - 1);
  if (fault->rule != FE_RULE_TWO_KINGS)
    return end;
  const Tok *placed = fault->in_target ? p->placed_target : p->placed;
  const Tok *at = NULL;
  const FeSquare squares[] = { fault->square, fault->other };
  for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
    {
      FeSquare sq = squares[i];
      if (sq != FE_NO_SQUARE && placed[sq].s && (!at || placed[sq].off > at->off))
        at = &placed[sq];
    }
  return at ? at : end;
}

/* After the whole problem: the state the options give the diagram, then
 * the problem's rules, each fault located where the text made it. */
static gboolean
finish_problem (P *p, const Tok *end)
{
  FeProblem *pb = p->pb;
  if (!p->have_stip)
    {
      py_perr (p, end, "the problem has no stipulation (add a line such as \"stipulation #2\")");
      return FALSE;
    }
  if (!py_finish_conditions (p, end))
    return FALSE;
  fe_problem_settle_diagram (pb);
  FeProblemFault fault;
  g_autoptr (GError) e = NULL;
  if (!fe_problem_validate (pb, &fault, &e))
    {
      py_fail (p, FE_FILE_ERROR_RULE, fault_token (p, &fault, end), e->message);
      return FALSE;
    }
  return TRUE;
}

static FeProblem *
new_problem (P *p)
{
  FeProblem *pb = fe_problem_new ();
  p->pb = pb;
  p->have_stip = FALSE;
  memset (p->have_modifier, 0, sizeof p->have_modifier);
  g_array_set_size (p->twin_toks, 0);
  memset (p->placed, 0, sizeof p->placed);
  memset (p->placed_target, 0, sizeof p->placed_target);
  p->board = &pb->diagram;
  return pb;
}

/* Returns the command that ended the problem (CMD_END, CMD_NEXT) or -1. */
static int
parse_problem (P *p, const Tok *begin_tok)
{
  FeProblem *pb = p->pb;
  for (;;)
    {
      Tok *t = py_next (p);
      if (!t)
        {
          py_perr (p, NULL, "the file ends without \"end\" (the problem begun on line %d is "
                         "incomplete)", begin_tok->line);
          return -1;
        }
      int k = py_lookup (p, t, py_commands, py_n_commands, "keyword");
      if (k < 0)
        {
          char *s = py_tok_str (t);
          py_perr (p, t, "unknown keyword \"%s\" (expected stipulation, pieces, condition, option, "
                         "twin, end…)", s);
          g_free (s);
          return -1;
        }
      int cmd = py_commands[k].id;
      switch (cmd)
        {
        case CMD_END:
        case CMD_NEXT:
          if (!finish_problem (p, t))
            return -1;
          return cmd;
        case CMD_BEGIN:
          py_perr (p, t,
                   "\"begin\" inside a problem: the previous problem lacks \"end\" or \"next\"");
          return -1;
        case CMD_STIP:
          if (!py_parse_stipulation (p, t, &pb->stipulation, &pb->unsupported_stipulation))
            return -1;
          g_clear_pointer (&pb->structured, fe_sstip_free);
          p->have_stip = TRUE;
          /* a=>b: what is placed from now on is the target
           * (docs/rules/stipulations.md §5.1). */
          if (fe_problem_has_target (pb))
            p->board = &pb->target;
          break;
        case CMD_SSTIP:
          if (!py_parse_sstipulation (p, t))
            return -1;
          p->have_stip = TRUE;
          break;
        case CMD_AUTHOR:
          {
            char *s = py_rest_of_line (p, t);
            if (!*s)
              {
                g_free (s);
                break;
              }
            FeAuthor *a = g_new0 (FeAuthor, 1);
            char *sp = strrchr (s, ' ');
            if (sp)
              {
                a->given = g_strndup (s, sp - s);
                g_strchomp (a->given);
                a->family = g_strdup (sp + 1);
              }
            else
              a->family = g_strdup (s);
            g_ptr_array_add (pb->authors, a);
            g_free (s);
          }
          break;
        case CMD_ORIGIN:
        case CMD_TITLE:
        case CMD_AWARD:
        case CMD_REMARK:
          {
            char *s = py_rest_of_line (p, t);
            if (!*s)
              g_free (s); /* nothing to keep (and nothing the writer would write) */
            else if (cmd == CMD_REMARK)
              g_ptr_array_add (pb->remarks, s);
            else
              {
                append_line (cmd == CMD_ORIGIN  ? &pb->source_name
                             : cmd == CMD_TITLE ? &pb->title
                                                : &pb->award_distinction,
                             s);
                g_free (s);
              }
          }
          break;
        case CMD_PROTOCOL:
        case CMD_LATEX:
          /* a file name: nothing for us */
          g_free (py_rest_of_line (p, t));
          break;
        case CMD_LATEXPIECES:
          g_free (py_rest_of_line (p, t));
          break;
        case CMD_INPUT:
          py_perr (p, t, "\"input\" (reading another file) is not supported");
          return -1;
        case CMD_PIECES:
          if (!py_parse_piece_groups (p, t, py_diagram_sink, p->board, FALSE))
            return -1;
          break;
        case CMD_FORSYTH:
          if (!py_parse_forsyth (p, t, p->board))
            return -1;
          break;
        case CMD_ARRAY:
          {
            static const char *const row[] = { "r", "s", "b", "q", "k", "b", "s", "r" };
            for (int f = 0; f < 8; f++)
              {
                FePiece w = { (uint8_t) fe_walk_from_code (row[f]), FE_WHITE, 0, 0 };
                FePiece b = { w.walk, FE_BLACK, 0, 0 };
                FePiece wp = { FE_WALK_PAWN, FE_WHITE, 0, 0 },
                        bp = { FE_WALK_PAWN, FE_BLACK, 0, 0 };
                fe_position_put (p->board, FE_SQ (f, 0), w);
                fe_position_put (p->board, FE_SQ (f, 7), b);
                fe_position_put (p->board, FE_SQ (f, 1), wp);
                fe_position_put (p->board, FE_SQ (f, 6), bp);
              }
          }
          break;
        case CMD_COND:
          {
            /* After an a=>b stipulation, Imitator squares are the target's. */
            FeConditionTarget ct = { &pb->conditions, &p->board->n_imitators, p->board->imitators,
                                     p->board->imitator_colour };
            if (!py_parse_conditions (p, t, &ct, FALSE))
              return -1;
          }
          break;
        case CMD_OPTION:
          if (!py_parse_options (p, t))
            return -1;
          break;
        case CMD_TWIN:
          if (!py_parse_twin (p, t, FALSE))
            return -1;
          break;
        case CMD_ZERO:
          if (pb->twins->len)
            {
              py_perr (p, t, "zeroposition must come before the first twin");
              return -1;
            }
          pb->zero_position = TRUE;
          if (!py_parse_twin (p, t, TRUE))
            return -1;
          break;
        }
      if (p->failed)
        return -1;
    }
}

GPtrArray *
fe_popeye_read (const char *text, gsize length, const char *filename, GError **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  fe_walks_init ();
  P p = { 0 };
  p.text = text ? text : "";
  p.length = length;
  p.filename = filename ? filename : "<input>";
  p.error = error;
  p.toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  p.twin_toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  py_conditions_table_init (&p);
  GPtrArray *result = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_problem_free);
  if (!py_tokenise (&p))
    goto fail;
  Tok *t = py_next (&p);
  if (!t)
    {
      py_perr (&p, NULL, "empty input: a Popeye problem starts with \"begin\"");
      goto fail;
    }
  if (py_command_of (t) != CMD_BEGIN)
    {
      char *s = py_tok_str (t);
      if (g_ascii_strncasecmp (s, "anfang", 6) == 0 || g_ascii_strncasecmp (s, "debut", 5) == 0)
        py_perr (&p, t, "only English Popeye input is supported (\"%s\" starts a German or French "
                     "file)", s);
      else
        py_perr (&p, t, "a Popeye problem starts with \"begin\", not \"%s\"", s);
      g_free (s);
      goto fail;
    }
  Tok begin = *t;
  for (;;)
    {
      g_ptr_array_add (result, new_problem (&p));
      int how = parse_problem (&p, &begin);
      if (how < 0)
        goto fail;
      if (how == CMD_END)
        break;
      /* "next": another problem follows */
      if (!py_peek (&p))
        break;
      begin = *py_peek (&p);
      if (py_command_of (&begin) == CMD_BEGIN)
        p.i++;
    }
  g_array_unref (p.toks);
  g_array_unref (p.twin_toks);
  g_free (p.conditions);
  return result;
fail:
  g_array_unref (p.toks);
  g_array_unref (p.twin_toks);
  g_free (p.conditions);
  g_ptr_array_unref (result);
  return NULL;
}
