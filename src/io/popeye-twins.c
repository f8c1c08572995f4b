/* popeye-twins.c — Popeye's "twin" and "zeroposition" commands, read and written.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "popeye-private.h"
#include "core/model/walk.h"
#include "core/model/fe-i18n.h"

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

/* Reads a mirror axis: Popeye's words (fe_mirror_axes). */
static gboolean
read_mirror (P *p, uint8_t *out)
{
  Tok *m = py_next (p);
  for (int j = 0; m && j < FE_N_MIRRORS; j++)
    if (py_tok_eq (m, fe_mirror_axes[j].popeye)
        || (fe_mirror_axes[j].popeye_alias && py_tok_eq (m, fe_mirror_axes[j].popeye_alias)))
      {
        *out = (uint8_t) j;
        return TRUE;
      }
  GString *names = g_string_new (NULL);
  for (int j = 0; j < FE_N_MIRRORS; j++)
    g_string_append_printf (names, "%s%s", j == 0 ? "" : j + 1 < FE_N_MIRRORS ? ", " : " or ",
                            fe_mirror_axes[j].popeye);
  py_perr (p, m, "mirror needs %s", names->str);
  g_string_free (names, TRUE);
  return FALSE;
}

/* Parses the commands of one twin; `first` is the twin or zeroposition token. */
gboolean
py_parse_twin (P *p, const Tok *first, gboolean zero)
{
  const Kw *words = py_twin_words ();
  const int n_words = PY_N_TWIN_WORDS;
  FeTwin *twin = fe_twin_new ();
  Tok *t = py_peek (p);
  int k = !zero && t ? py_kw_lookup (words, n_words, t, NULL) : KW_NONE;
  if (k >= 0 && words[k].id == T_CONTINUED)
    {
      twin->continued = TRUE;
      p->i++;
    }
  while ((t = py_peek (p)))
    {
      k = py_lookup (p, t, words, n_words, "twinning command");
      if (k < 0 || p->failed)
        break;
      p->i++;
      FeTwinCommand c = { 0 };
      c.kind = words[k].id < FE_TWIN_N_KINDS ? (FeTwinCommandKind) words[k].id : FE_TWIN_MOVE;
      switch (words[k].id)
        {
        case FE_TWIN_MOVE:
        case FE_TWIN_EXCHANGE:
        case FE_TWIN_SHIFT:
          if (py_peek (p) && py_peek (p)->len == 4 && py_is_square_list (py_peek (p)))
            {
              FeSquare sq[2] = { 0, 0 };
              py_square_list (py_peek (p)->s, 4, sq, 2);
              c.a = sq[0], c.b = sq[1];
              p->i++;
            }
          else if (!py_read_square (p, words[k].name, &c.a)
                   || !py_read_square (p, words[k].name, &c.b))
            break;
          g_array_append_val (twin->commands, c);
          break;
        case FE_TWIN_REMOVE:
          {
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
        case FE_TWIN_ADD:
          py_parse_piece_groups (p, t, twin_add_sink, twin, TRUE);
          break;
        case FE_TWIN_SUBSTITUTE:
          if (read_walk (p, "substitute", &c.walk_from) && read_walk (p, "substitute", &c.walk_to))
            g_array_append_val (twin->commands, c);
          break;
        case FE_TWIN_ROTATE:
          if (py_read_number (p, "rotate", 90, 270, &c.rotation))
            {
              if (c.rotation % 90)
                py_perr (p, &g_array_index (p->toks, Tok, p->i - 1),
                      "rotate takes 90, 180 or 270 degrees");
              else
                g_array_append_val (twin->commands, c);
            }
          break;
        case FE_TWIN_MIRROR:
          if (read_mirror (p, &c.mirror))
            g_array_append_val (twin->commands, c);
          break;
        case FE_TWIN_POLISH:
          g_array_append_val (twin->commands, c);
          break;
        case FE_TWIN_STIPULATION:
          if (py_parse_stipulation (p, t, &c.stipulation, NULL))
            g_array_append_val (twin->commands, c);
          break;
        case FE_TWIN_CONDITION:
          {
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
    {
      GString *names = g_string_new (NULL);
      for (int kind = 0; kind < FE_TWIN_N_KINDS; kind++)
        g_string_append_printf (names, "%s%s", kind ? ", " : "", fe_twin_kinds[kind].popeye);
      /* A word on the twin's line is a command mistyped. */
      const Tok *next = py_peek (p);
      if (next && next->line == first->line)
        py_perr (p, next, "\"%.*s\" is not a twinning command (%s)", next->len, next->s,
                 names->str);
      else
        py_perr (p, first, "twin without a twinning command (%s)", names->str);
      g_string_free (names, TRUE);
    }
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

/* The token that names the first condition `pb` holds past `known`
 * (a twin bringing Circe), else `fallback`. */
static const Tok *
unsupported_token (P *p, guint known, const Tok *fallback)
{
  const char *name = p->pb->unsupported->pdata[known];
  gsize len = strcspn (name, " ");
  for (guint i = 0; i < p->toks->len; i++)
    {
      const Tok *t = &g_array_index (p->toks, Tok, i);
      if ((gsize) t->len == len && g_ascii_strncasecmp (t->s, name, len) == 0)
        return t;
    }
  return fallback;
}

FeTwin *
fe_popeye_read_twin_line (const FeProblem *problem, const char *line, GError **error)
{
  g_return_val_if_fail (problem != NULL && line != NULL, NULL);
  fe_walks_init ();
  P p = { 0 };
  p.text = line;
  p.length = strlen (line);
  p.filename = "twin";
  p.error = error;
  p.toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  p.twin_toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  py_conditions_table_init (&p);
  /* The problem is the context: its conditions (a modifier needs its
   * condition), the conditions it already cannot solve. */
  g_autoptr (FeProblem) pb = fe_problem_copy (problem);
  g_ptr_array_set_size (pb->twins, 0);
  guint known = pb->unsupported->len;
  p.pb = pb;
  FeTwin *twin = NULL;
  if (!py_tokenise (&p))
    goto done;
  const Tok *first = py_peek (&p);
  if (!first)
    {
      py_perr (&p, NULL, "an empty twin: give a twinning command (move e1 e2 …)");
      goto done;
    }
  Tok start = *first;
  if (py_tok_eq (first, "twin"))
    p.i++;
  if (!py_parse_twin (&p, &start, FALSE))
    goto done;
  const Tok *rest = py_peek (&p);
  if (rest)
    {
      py_perr (&p, rest, "\"%.*s\" is not a twinning command", rest->len, rest->s);
      goto done;
    }
  if (!py_finish_conditions (&p, NULL))
    goto done;
  if (pb->unsupported->len > known)
    {
      GString *names = g_string_new (NULL);
      for (guint u = known; u < pb->unsupported->len; u++)
        g_string_append_printf (names, "%s%s", u > known ? ", " : "",
                                (char *) pb->unsupported->pdata[u]);
      g_autofree char *msg
        = g_strdup_printf (_ ("this twin brings a condition Féerie cannot solve: %s"), names->str);
      g_string_free (names, TRUE);
      py_fail (&p, FE_FILE_ERROR_RULE, unsupported_token (&p, known, &start), msg);
      goto done;
    }
  twin = g_ptr_array_steal_index (pb->twins, 0);
done:
  g_array_unref (p.toks);
  g_array_unref (p.twin_toks);
  g_free (p.conditions);
  return twin;
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
py_write_twin (GString *s, const FeProblem *pb, const FeTwin *tw, const char *head)
{
  g_string_append_printf (s, "%s%s", head, tw->continued ? " continued" : "");
  for (guint j = 0; j < tw->commands->len; j++)
    {
      const FeTwinCommand *c = &g_array_index (tw->commands, FeTwinCommand, j);
      char a[3], b[3];
      fe_square_name (c->a, a);
      fe_square_name (c->b, b);
      g_string_append_printf (s, " %s", fe_twin_kinds[c->kind].popeye);
      switch (c->kind)
        {
        case FE_TWIN_MOVE:
        case FE_TWIN_EXCHANGE:
        case FE_TWIN_SHIFT:
          g_string_append_printf (s, " %s %s", a, b);
          break;
        case FE_TWIN_REMOVE: g_string_append_printf (s, " %s", a); break;
        case FE_TWIN_ADD:
          {
            g_autofree char *words = py_attribute_words (c->piece.attrs);
            g_string_append_printf (s, " %s%s", py_colour_name (c->piece.colour), words);
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
          g_string_append_printf (s, " %s %s", py_walk_code (c->walk_from),
                                  py_walk_code (c->walk_to));
          break;
        case FE_TWIN_ROTATE: g_string_append_printf (s, " %d", c->rotation); break;
        case FE_TWIN_MIRROR:
          g_string_append_printf (s, " %s", fe_mirror_axes[c->mirror % FE_N_MIRRORS].popeye);
          break;
        case FE_TWIN_POLISH: break;
        case FE_TWIN_STIPULATION:
          g_string_append_c (s, ' ');
          py_write_stipulation (s, &c->stipulation);
          break;
        case FE_TWIN_CONDITION:
          {
            GString *po = g_string_new (NULL), *ex = g_string_new (NULL);
            twin_condition_words (pb, c, po, ex);
            g_string_append_printf (s, "%s%s", po->str, ex->str);
            g_string_free (po, TRUE);
            g_string_free (ex, TRUE);
          }
          break;
        }
    }
}


char *
fe_popeye_write_twin_line (const FeProblem *problem, const FeTwin *twin)
{
  g_return_val_if_fail (problem != NULL && twin != NULL, NULL);
  GString *s = g_string_new (NULL);
  py_write_twin (s, problem, twin, "twin");
  return g_string_free (s, FALSE);
}
