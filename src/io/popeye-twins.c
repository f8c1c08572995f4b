/* popeye-twins.c — Popeye's "twin" and "zeroposition" commands, read and written.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "popeye-private.h"
#include "core/walk.h"

/* ---- twins ------------------------------------------------------------------ */

static void
twin_add_sink (P *p, const Tok *t, FeSquare sq, FePiece piece, gpointer data)
{
  (void) t;
  FeTwinCommand c = { 0 };
  c.kind = FE_TWIN_ADD;
  c.a = sq;
  c.piece = piece;
  g_array_append_val (((FeTwin *) data)->commands, c);
  py_note_piece_attributes (p, piece);
}

static gboolean
read_walk (P *p, const char *what, uint8_t *out)
{
  Tok *t = py_next (p);
  if (!t)
    {
      py_perr (p, NULL, "the file ends where %s needs a piece code", what);
      return FALSE;
    }
  char *s = g_ascii_strdown (t->s, t->len);
  int w = t->len <= 2 ? fe_walk_from_code (s) : FE_WALK_NONE;
  if (w == FE_WALK_NONE)
    py_perr (p, t, "%s: unknown piece code \"%s\"", what, s);
  g_free (s);
  *out = (uint8_t) w;
  return w != FE_WALK_NONE;
}

/* Parses the commands of one twin; `first` is the twin or zeroposition token. */
gboolean
py_parse_twin (P *p, const Tok *first, gboolean zero)
{
  FeTwin *twin = fe_twin_new ();
  Tok *t = py_peek (p);
  if (!zero && t && py_kw_lookup (py_twin_words, py_n_twin_words, t, NULL) >= 0
      && py_twin_words[py_kw_lookup (py_twin_words, py_n_twin_words, t, NULL)].id == T_CONTINUED)
    {
      twin->continued = TRUE;
      p->i++;
    }
  while ((t = py_peek (p)))
    {
      int k = py_lookup (p, t, py_twin_words, py_n_twin_words, "twinning command");
      if (k < 0 || p->failed)
        break;
      p->i++;
      FeTwinCommand c = { 0 };
      switch (py_twin_words[k].id)
        {
        case T_MOVE:
        case T_EXCHANGE:
        case T_SHIFT:
          c.kind = py_twin_words[k].id == T_MOVE       ? FE_TWIN_MOVE
                   : py_twin_words[k].id == T_EXCHANGE ? FE_TWIN_EXCHANGE
                                                    : FE_TWIN_SHIFT;
          if (py_peek (p) && py_peek (p)->len == 4 && py_is_square_list (py_peek (p)))
            {
              FeSquare sq[2] = { 0, 0 };
              py_square_list (py_peek (p)->s, 4, sq, 2);
              c.a = sq[0], c.b = sq[1];
              p->i++;
            }
          else if (!py_read_square (p, py_twin_words[k].name, &c.a)
                   || !py_read_square (p, py_twin_words[k].name, &c.b))
            break;
          g_array_append_val (twin->commands, c);
          break;
        case T_REMOVE:
          {
            c.kind = FE_TWIN_REMOVE;
            int removed = 0;
            /* A token may name any number of squares: read them one by
             * one (no fixed-size buffer to overrun). */
            while (py_is_square_list (py_peek (p)))
              {
                Tok *s = py_next (p);
                for (int j = 0; j + 1 < s->len; j += 2, removed++)
                  {
                    c.a = py_square_at (s->s + j);
                    g_array_append_val (twin->commands, c);
                  }
              }
            if (!removed)
              py_read_square (p, "remove", &c.a);
          }
          break;
        case T_ADD:
          py_parse_piece_groups (p, t, twin_add_sink, twin, TRUE);
          break;
        case T_SUBSTITUTE:
          c.kind = FE_TWIN_SUBSTITUTE;
          if (read_walk (p, "substitute", &c.walk_from) && read_walk (p, "substitute", &c.walk_to))
            g_array_append_val (twin->commands, c);
          break;
        case T_ROTATE:
          c.kind = FE_TWIN_ROTATE;
          if (py_read_number (p, "rotate", 90, 270, &c.rotation))
            {
              if (c.rotation % 90)
                py_perr (p, &g_array_index (p->toks, Tok, p->i - 1),
                      "rotate takes 90, 180 or 270 degrees");
              else
                g_array_append_val (twin->commands, c);
            }
          break;
        case T_MIRROR:
          {
            Tok *m = py_next (p);
            static const char *const names[] = { "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1",
                                                 "h1<-->a8" };
            int which = -1;
            for (int j = 0; m && j < 5; j++)
              if (py_tok_eq (m, names[j]))
                which = j == 4 ? 3 : j;
            if (which < 0)
              {
                py_perr (p, m, "mirror needs a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1");
                break;
              }
            c.kind = FE_TWIN_MIRROR;
            c.mirror = (uint8_t) which;
            g_array_append_val (twin->commands, c);
          }
          break;
        case T_POLISH:
          c.kind = FE_TWIN_POLISH;
          g_array_append_val (twin->commands, c);
          break;
        case T_STIP:
          c.kind = FE_TWIN_STIPULATION;
          if (py_parse_stipulation (p, t, &c.stipulation, NULL))
            g_array_append_val (twin->commands, c);
          break;
        case T_COND:
          {
            c.kind = FE_TWIN_CONDITION;
            uint8_t n = 0;
            FeConditionTarget ct = { &c.conditions, &n, c.imitators, NULL };
            if (py_parse_conditions (p, t, &ct, TRUE))
              {
                c.n_imitators = n;
                g_array_append_val (twin->commands, c);
              }
          }
          break;
        case T_CONTINUED:
          py_perr (p, t, "\"continued\" must come right after \"twin\"");
          break;
        case T_SSTIP:
          py_perr (p, t, "structured stipulations (sstipulation) are not supported");
          break;
        case T_FORSYTH:
          py_perr (p, t, "twin forsyth is not supported; use move/add/remove");
          break;
        }
      if (p->failed)
        break;
    }
  if (!p->failed && !twin->commands->len && !zero)
    py_perr (p, first, "twin without a twinning command (move, exchange, remove, add, substitute, "
                    "rotate, mirror, shift, polishtype, stipulation, condition)");
  if (p->failed)
    {
      fe_twin_free (twin);
      return FALSE;
    }
  if (twin->commands->len || !zero)
    {
      g_ptr_array_add (p->pb->twins, twin);
      g_array_append_val (p->twin_toks, *first);
    }
  else
    fe_twin_free (twin);
  return TRUE;
}

/* ---- writer ---------------------------------------------------------------- */

void
py_write_stipulation (GString *s, const FeStipulation *st)
{
  char *t = fe_stipulation_to_string (st);
  g_string_append (s, t);
  g_free (t);
}

/* The words of a twin's "condition" command.  Conditions the pieces switch
 * on for the whole problem are not repeated (the reader carries them). */
static void
twin_condition_words (const FeProblem *pb, const FeTwinCommand *c, GString *po, GString *ex)
{
  FeConditionParams cp = c->conditions;
  py_omit_attribute_conditions (&cp, &pb->conditions);
  py_describe_conditions (&cp, c->n_imitators, c->imitators, NULL, po, ex);
}

gboolean
py_twin_needs_extension (const FeProblem *pb, const FeTwin *tw)
{
  gboolean ext = FALSE;
  for (guint j = 0; j < tw->commands->len && !ext; j++)
    {
      const FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
      if (c->kind == FE_TWIN_ADD && (c->piece.attrs & py_extension_attributes ()))
        ext = TRUE;
      else if (c->kind == FE_TWIN_CONDITION)
        {
          GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
          twin_condition_words (pb, c, po, ex);
          ext = ex->len > 0;
          g_string_free (po, TRUE);
          g_string_free (ex, TRUE);
        }
    }
  return ext;
}

void
py_write_twin_commands (GString *s, const FeProblem *pb, const FeTwin *tw)
{
  for (guint j = 0; j < tw->commands->len; j++)
    {
      const FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
      char a[3], b[3];
      fe_square_name (c->a, a);
      fe_square_name (c->b, b);
      switch (c->kind)
        {
        case FE_TWIN_MOVE: g_string_append_printf (s, " move %s %s", a, b); break;
        case FE_TWIN_EXCHANGE: g_string_append_printf (s, " exchange %s %s", a, b); break;
        case FE_TWIN_SHIFT: g_string_append_printf (s, " shift %s %s", a, b); break;
        case FE_TWIN_REMOVE: g_string_append_printf (s, " remove %s", a); break;
        case FE_TWIN_ADD:
          {
            g_autofree char *words = py_attribute_words (c->piece.attrs);
            g_string_append_printf (s, " add %s%s", py_colour_name (c->piece.colour), words);
          }
          /* unsupported attributes of a piece the twin adds */
          for (guint k = 0; k < pb->unsupported->len; k++)
            {
              char *attr;
              int colour, walk;
              FeSquare sq;
              if (py_parse_attr_entry (pb->unsupported->pdata[k], &attr, &colour, &sq, &walk))
                {
                  FePiece q = pb->diagram.board[sq];
                  if (sq == c->a && colour == c->piece.colour && walk == c->piece.walk
                      && !(q.walk == walk && q.colour == colour))
                    g_string_append_printf (s, " %s", attr);
                  g_free (attr);
                }
            }
          g_string_append_printf (s, " %s%s", py_walk_code (c->piece.walk), a);
          break;
        case FE_TWIN_SUBSTITUTE:
          g_string_append_printf (s, " substitute %s %s", py_walk_code (c->walk_from),
                                  py_walk_code (c->walk_to));
          break;
        case FE_TWIN_ROTATE: g_string_append_printf (s, " rotate %d", c->rotation); break;
        case FE_TWIN_MIRROR:
          {
            static const char *const names[] = { "a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1" };
            g_string_append_printf (s, " mirror %s", names[c->mirror & 3]);
          }
          break;
        case FE_TWIN_POLISH: g_string_append (s, " PolishType"); break;
        case FE_TWIN_STIPULATION:
          g_string_append (s, " stipulation ");
          py_write_stipulation (s, &c->stipulation);
          break;
        case FE_TWIN_CONDITION:
          {
            GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
            twin_condition_words (pb, c, po, ex);
            g_string_append_printf (s, " condition%s%s", po->str, ex->str);
            g_string_free (po, TRUE);
            g_string_free (ex, TRUE);
          }
          break;
        }
    }
}

