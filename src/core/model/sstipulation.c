/* sstipulation.c — structured stipulations read from Popeye's text,
 * written back, copied, compared and freed.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader is a recursive descent over Popeye's grammar
 * (docs/rules/structured-stipulations.md §2): an expression is an operand,
 * optionally followed by "&" or "|" and another expression (so "x&y|z"
 * groups as "x&(y|z)", as Popeye reads it); an operand is "(expression)",
 * "!operand", "-operand", a branch (a length, then letters with forks and
 * constraints) or a goal.  Each character is looked at a bounded number of
 * times, and the nesting is bounded, so reading is linear.
 */
#include <string.h>

#include "sstipulation.h"
#include "position.h"
#include "fe-i18n.h"

/* What an expression is, for the operators' rule that both operands are
 * of one kind (docs/rules/structured-stipulations.md §2.4). */
typedef enum { KIND_GOAL, KIND_ATTACK, KIND_DEFENCE } ExprKind;

typedef struct {
  const char *s;
  gsize n, i;
  GError **error;
  gsize error_at;
  gboolean failed;
  int depth;
} Reader;

FeSNode *
fe_snode_new (FeSNodeKind kind)
{
  FeSNode *node = g_new0 (FeSNode, 1);
  node->kind = kind;
  node->target = FE_NO_SQUARE;
  if (kind == FE_SNODE_BRANCH)
    node->parts = g_ptr_array_new_with_free_func ((GDestroyNotify) fe_snode_free);
  return node;
}

void
fe_snode_free (FeSNode *node)
{
  if (!node)
    return;
  if (node->parts)
    g_ptr_array_unref (node->parts);
  fe_snode_free (node->a);
  fe_snode_free (node->b);
  g_free (node);
}

static void G_GNUC_PRINTF (3, 4)
fail (Reader *r, gsize at, const char *fmt, ...)
{
  if (r->failed)
    return;
  r->failed = TRUE;
  r->error_at = at;
  va_list ap;
  va_start (ap, fmt);
  char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error_literal (r->error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_INVALID, msg);
  g_free (msg);
}

static char
peek (const Reader *r)
{
  return r->i < r->n ? r->s[r->i] : '\0';
}

static void
skip_space (Reader *r)
{
  while (r->i < r->n && g_ascii_isspace (r->s[r->i]))
    r->i++;
}

/* What stands at the reader, for a message: one character, or the end. */
static char *
what_is_here (const Reader *r)
{
  if (r->i >= r->n)
    return g_strdup (_ ("the end"));
  gsize len = 1;
  while (r->i + len < r->n && (r->s[r->i + len] & 0xc0) == 0x80)
    len++;
  return g_strdup_printf ("\"%.*s\"", (int) len, r->s + r->i);
}

static FeSNode *parse_expression (Reader *r, ExprKind *kind);
static FeSNode *parse_operand (Reader *r, ExprKind *kind);

static gboolean
enter (Reader *r)
{
  if (++r->depth > FE_SSTIP_MAX_DEPTH)
    {
      fail (r, r->i, _ ("the structured stipulation is nested more than %d levels deep"),
            FE_SSTIP_MAX_DEPTH);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_number (Reader *r, int *out)
{
  gsize start = r->i;
  long v = 0;
  while (r->i < r->n && g_ascii_isdigit (r->s[r->i]))
    {
      v = v * 10 + (r->s[r->i] - '0');
      r->i++;
      if (v > FE_SSTIP_MAX_LENGTH)
        break;
    }
  if (r->i == start)
    {
      g_autofree char *here = what_is_here (r);
      fail (r, r->i, _ ("a length expected, not %s"), here);
      return FALSE;
    }
  if (v < 1 || v > FE_SSTIP_MAX_LENGTH)
    {
      fail (r, start, _ ("a branch's length must be between 1 and %d"), FE_SSTIP_MAX_LENGTH);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

static FeSNode *
parse_goal (Reader *r)
{
  FeGoal goal;
  /* A goal word has at most four characters: looking at eight keeps
   * reading linear. */
  g_autofree char *rest = g_strndup (r->s + r->i, MIN (r->n - r->i, 8));
  int len = fe_goal_word_at (rest, &goal);
  if (!len)
    {
      g_autofree char *here = what_is_here (r);
      fail (r, r->i, _ ("a goal, a branch or \"(\", \"!\", \"-\" expected, not %s"), here);
      return NULL;
    }
  gsize start = r->i;
  r->i += len;
  FeSNode *leaf = fe_snode_new (FE_SNODE_LEAF);
  leaf->goal = goal;
  if (fe_goal_has_square (goal))
    {
      char name[3] = { 0 };
      if (r->i + 1 < r->n)
        name[0] = g_ascii_tolower (r->s[r->i]), name[1] = r->s[r->i + 1];
      leaf->target = fe_square_parse (name);
      if (leaf->target == FE_NO_SQUARE)
        {
          fail (r, start, goal == FE_GOAL_TARGET ? _ ("the target goal needs a square, as in \"zd5\"")
                                                 : _ ("the kiss goal needs a square, as in \"ke5\""));
          fe_snode_free (leaf);
          return NULL;
        }
      r->i += 2;
    }
  return leaf;
}

/* The forks and constraints after a branch letter, into `branch`. */
static gboolean
parse_parts (Reader *r, FeSNode *branch, int slot)
{
  for (;;)
    {
      gsize before = r->i;
      skip_space (r);
      char c = peek (r);
      if (c != '[' && c != '{')
        {
          r->i = before; /* the spaces belong to what follows */
          return TRUE;
        }
      gsize open = r->i++;
      FeSNode *part = fe_snode_new (c == '[' ? FE_SNODE_FORK : FE_SNODE_CONSTRAINT);
      part->slot = slot;
      g_ptr_array_add (branch->parts, part);
      if (c == '[')
        {
          skip_space (r);
          if (peek (r) == '>')
            part->forced = TRUE, r->i++;
          skip_space (r);
          if (peek (r) == '/')
            part->suppressed = TRUE, r->i++;
        }
      ExprKind kind;
      part->a = parse_expression (r, &kind);
      if (!part->a)
        return FALSE;
      /* ">" stops play where a nested play has a solution: a goal, or a
       * defender's move (after "d"), has none of its own to stop at. */
      char letter = fe_sbranch_letter (branch->branch, slot);
      if (part->forced && (kind != KIND_ATTACK || letter == 'd'))
        {
          fail (r, open, letter == 'd' ? _ ("\">\" is not allowed in a fork after \"d\"")
                                       : _ ("\">\" must be followed by a play, not a goal"));
          return FALSE;
        }
      skip_space (r);
      char close = c == '[' ? ']' : '}';
      if (peek (r) != close)
        {
          g_autofree char *here = what_is_here (r);
          fail (r, r->i, _ ("\"%c\" expected, not %s"), close, here);
          return FALSE;
        }
      r->i++;
    }
}

/* After the branch's first letter and its parts: "?+?" and the second
 * letter with its parts, where the kind has one. */
static gboolean
parse_second (Reader *r, FeSNode *b)
{
  static const char second[] = { [FE_SBRANCH_ATTACK] = 'd', [FE_SBRANCH_DEFENCE] = 'a',
                                 [FE_SBRANCH_HELP] = 'h' };
  if (b->branch == FE_SBRANCH_SERIES)
    return TRUE;
  gsize before = r->i;
  skip_space (r);
  if (b->branch != FE_SBRANCH_DEFENCE && r->i + 3 <= r->n && memcmp (r->s + r->i, "?+?", 3) == 0)
    {
      b->parry = TRUE;
      r->i += 3;
      skip_space (r);
    }
  if (g_ascii_tolower (peek (r)) != second[b->branch])
    {
      if (b->parry || b->branch == FE_SBRANCH_HELP)
        {
          g_autofree char *here = what_is_here (r);
          fail (r, r->i, _ ("\"%c\" expected, not %s"), second[b->branch], here);
          return FALSE;
        }
      r->i = before;
      return TRUE;
    }
  r->i++;
  b->second = TRUE;
  return parse_parts (r, b, 1);
}

static FeSNode *
parse_branch (Reader *r, ExprKind *kind)
{
  FeSNode *b = fe_snode_new (FE_SNODE_BRANCH);
  int first;
  if (!read_number (r, &first))
    goto fail;
  skip_space (r);
  if (peek (r) == ':')
    {
      r->i++;
      skip_space (r);
      b->min = first;
      if (!read_number (r, &b->max))
        goto fail;
      skip_space (r);
    }
  else
    b->max = first;
  switch (g_ascii_tolower (peek (r)))
    {
    case 's':
      b->branch = FE_SBRANCH_SERIES;
      break;
    case 'a':
      b->branch = FE_SBRANCH_ATTACK;
      break;
    case 'd':
      b->branch = FE_SBRANCH_DEFENCE;
      break;
    case 'h':
      b->branch = FE_SBRANCH_HELP;
      break;
    default:
      {
        g_autofree char *here = what_is_here (r);
        fail (r, r->i, _ ("a branch letter (s, a, d or h) expected after the length, not %s"), here);
        goto fail;
      }
    }
  r->i++;
  *kind = b->branch == FE_SBRANCH_DEFENCE ? KIND_DEFENCE : KIND_ATTACK;
  if (parse_parts (r, b, 0) && parse_second (r, b))
    return b;
fail:
  fe_snode_free (b);
  return NULL;
}

static FeSNode *
parse_operand (Reader *r, ExprKind *kind)
{
  if (!enter (r))
    {
      r->depth--;
      return NULL;
    }
  FeSNode *node = NULL;
  skip_space (r);
  char c = peek (r);
  if (c == '(')
    {
      r->i++;
      node = parse_expression (r, kind);
      skip_space (r);
      if (node && peek (r) != ')')
        {
          g_autofree char *here = what_is_here (r);
          fail (r, r->i, _ ("\"%c\" expected, not %s"), ')', here);
          g_clear_pointer (&node, fe_snode_free);
        }
      else if (node)
        r->i++;
    }
  else if (c == '!' || c == '-')
    {
      r->i++;
      FeSNode *operand = parse_operand (r, kind);
      if (operand)
        {
          node = fe_snode_new (c == '!' ? FE_SNODE_NOT : FE_SNODE_INVERT);
          node->a = operand;
        }
    }
  else if (c >= '1' && c <= '9')
    node = parse_branch (r, kind);
  else
    {
      /* "00" is the castling goal, not a length. */
      node = parse_goal (r);
      *kind = KIND_GOAL;
    }
  r->depth--;
  return node;
}

/* Operands joined by "&" and "|", right-nested as Popeye reads them; a
 * loop, so that a long chain costs no recursion. */
static FeSNode *
parse_expression (Reader *r, ExprKind *kind)
{
  GPtrArray *operands = g_ptr_array_new ();
  GString *ops = g_string_new (NULL);
  FeSNode *node = NULL;
  gsize last_op = 0;
  for (;;)
    {
      ExprKind k;
      FeSNode *operand = parse_operand (r, &k);
      if (!operand)
        break;
      g_ptr_array_add (operands, operand);
      if (operands->len == 1)
        *kind = k;
      else if (*kind == KIND_DEFENCE || k == KIND_DEFENCE || *kind != k)
        {
          /* the operator before this operand */
          char c = ops->str[ops->len - 1];
          fail (r, last_op,
                *kind == KIND_DEFENCE || k == KIND_DEFENCE
                  ? _ ("a defence branch (\"d…a\") cannot be an operand of \"%c\"")
                  : _ ("both operands of \"%c\" must be goals, or both plays"),
                c);
          break;
        }
      gsize before = r->i;
      skip_space (r);
      char c = peek (r);
      if (c != '&' && c != '|')
        {
          r->i = before;
          /* Folded from the right: "x&y|z" is "x&(y|z)". */
          node = operands->pdata[operands->len - 1];
          for (guint i = operands->len - 1; i-- > 0;)
            {
              FeSNode *op = fe_snode_new (ops->str[i] == '&' ? FE_SNODE_AND : FE_SNODE_OR);
              op->a = operands->pdata[i];
              op->b = node;
              node = op;
            }
          g_ptr_array_set_size (operands, 0);
          break;
        }
      g_string_append_c (ops, c);
      last_op = r->i++;
    }
  g_ptr_array_set_free_func (operands, (GDestroyNotify) fe_snode_free);
  g_ptr_array_unref (operands);
  g_string_free (ops, TRUE);
  return node;
}

/* "white", "black" or a prefix of either ("w", "bl"), as a word. */
static gboolean
parse_side (Reader *r, int *side)
{
  skip_space (r);
  gsize start = r->i;
  while (r->i < r->n && g_ascii_isalpha (r->s[r->i]))
    r->i++;
  gsize len = r->i - start;
  static const char *const words[] = { "white", "black" };
  for (int k = 0; k < 2; k++)
    if (len && len <= strlen (words[k]) && g_ascii_strncasecmp (r->s + start, words[k], len) == 0
        && (r->i >= r->n || g_ascii_isspace (r->s[r->i])))
      {
        *side = k == 0 ? FE_WHITE : FE_BLACK;
        return TRUE;
      }
  r->i = start;
  if (!len)
    fail (r, start, _ ("a structured stipulation begins with the side that moves first: "
                       "\"white\" or \"black\""));
  else
    fail (r, start, _ ("\"%.*s\" is not a side: \"white\" or \"black\""), (int) len, r->s + start);
  return FALSE;
}

gboolean
fe_sstip_parse_prefix (const char *text, gsize length, FeSStip **out, gsize *end,
                       gsize *error_offset, GError **error)
{
  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  Reader r = { text, length, 0, error, 0, FALSE, 0 };
  int side;
  FeSNode *root = NULL;
  ExprKind kind;
  if (parse_side (&r, &side))
    root = parse_expression (&r, &kind);
  if (!root)
    {
      if (error_offset)
        *error_offset = r.error_at;
      return FALSE;
    }
  FeSStip *s = g_new0 (FeSStip, 1);
  s->side = side;
  s->root = root;
  *out = s;
  if (end)
    *end = r.i;
  return TRUE;
}

gboolean
fe_sstip_parse (const char *text, FeSStip **out, gsize *error_offset, GError **error)
{
  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  gsize n = strlen (text), end;
  FeSStip *s = NULL;
  if (!fe_sstip_parse_prefix (text, n, &s, &end, error_offset, error))
    return FALSE;
  gsize rest = end;
  while (rest < n && g_ascii_isspace (text[rest]))
    rest++;
  if (rest < n)
    {
      if (error_offset)
        *error_offset = rest;
      g_set_error (error, FE_STIPULATION_ERROR, FE_STIPULATION_ERROR_INVALID,
                   _ ("unexpected \"%s\" after the structured stipulation"), text + rest);
      fe_sstip_free (s);
      return FALSE;
    }
  *out = s;
  return TRUE;
}

/* ---- writing ------------------------------------------------------------ */

char
fe_sbranch_letter (FeSBranchKind kind, int slot)
{
  switch (kind)
    {
    case FE_SBRANCH_SERIES:
      return 's';
    case FE_SBRANCH_ATTACK:
      return slot ? 'd' : 'a';
    case FE_SBRANCH_DEFENCE:
      return slot ? 'a' : 'd';
    case FE_SBRANCH_HELP:
      return 'h';
    }
  return '?';
}

static void write_node (GString *out, const FeSNode *node);

/* An operand: a binary expression in parentheses. */
static void
write_operand (GString *out, const FeSNode *node)
{
  gboolean binary = node->kind == FE_SNODE_AND || node->kind == FE_SNODE_OR;
  if (binary)
    g_string_append_c (out, '(');
  write_node (out, node);
  if (binary)
    g_string_append_c (out, ')');
}

static void
write_parts (GString *out, const FeSNode *b, int slot)
{
  for (guint i = 0; i < b->parts->len; i++)
    {
      const FeSNode *p = b->parts->pdata[i];
      if (p->slot != slot)
        continue;
      gboolean fork = p->kind == FE_SNODE_FORK;
      g_string_append_c (out, fork ? '[' : '{');
      if (p->forced)
        g_string_append_c (out, '>');
      if (p->suppressed)
        g_string_append_c (out, '/');
      write_node (out, p->a);
      g_string_append_c (out, fork ? ']' : '}');
    }
}

static void
write_node (GString *out, const FeSNode *node)
{
  switch (node->kind)
    {
    case FE_SNODE_LEAF:
      g_string_append (out, fe_goal_word (node->goal));
      if (fe_goal_has_square (node->goal))
        {
          char name[3];
          fe_square_name (node->target, name);
          g_string_append (out, name);
        }
      break;
    case FE_SNODE_BRANCH:
      if (node->min)
        g_string_append_printf (out, "%d:", node->min);
      g_string_append_printf (out, "%d%c", node->max, fe_sbranch_letter (node->branch, 0));
      write_parts (out, node, 0);
      if (node->parry)
        g_string_append (out, "?+?");
      if (node->second)
        {
          g_string_append_c (out, fe_sbranch_letter (node->branch, 1));
          write_parts (out, node, 1);
        }
      break;
    case FE_SNODE_NOT:
    case FE_SNODE_INVERT:
      g_string_append_c (out, node->kind == FE_SNODE_NOT ? '!' : '-');
      write_operand (out, node->a);
      break;
    case FE_SNODE_AND:
    case FE_SNODE_OR:
      /* Right-nested as read: only a binary left operand needs
       * parentheses. */
      write_operand (out, node->a);
      g_string_append_c (out, node->kind == FE_SNODE_AND ? '&' : '|');
      write_node (out, node->b);
      break;
    case FE_SNODE_FORK:
    case FE_SNODE_CONSTRAINT:
      write_node (out, node->a);
      break;
    }
}

char *
fe_snode_to_string (const FeSNode *node)
{
  GString *out = g_string_new (NULL);
  write_node (out, node);
  return g_string_free (out, FALSE);
}

char *
fe_sstip_to_string (const FeSStip *s)
{
  GString *out = g_string_new (s->side == FE_WHITE ? "white " : "black ");
  write_node (out, s->root);
  return g_string_free (out, FALSE);
}

/* ---- copy, equality ----------------------------------------------------- */

static FeSNode *
copy_node (const FeSNode *n)
{
  if (!n)
    return NULL;
  FeSNode *c = fe_snode_new (n->kind);
  GPtrArray *parts = c->parts;
  *c = *n;
  c->parts = parts;
  c->a = copy_node (n->a);
  c->b = copy_node (n->b);
  for (guint i = 0; n->parts && i < n->parts->len; i++)
    g_ptr_array_add (c->parts, copy_node (n->parts->pdata[i]));
  return c;
}

FeSStip *
fe_sstip_copy (const FeSStip *s)
{
  if (!s)
    return NULL;
  FeSStip *c = g_new0 (FeSStip, 1);
  c->side = s->side;
  c->root = copy_node (s->root);
  return c;
}

void
fe_sstip_free (FeSStip *s)
{
  if (!s)
    return;
  fe_snode_free (s->root);
  g_free (s);
}

static gboolean
node_equal (const FeSNode *a, const FeSNode *b)
{
  if (!a || !b)
    return a == b;
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case FE_SNODE_LEAF:
      return a->goal == b->goal && (!fe_goal_has_square (a->goal) || a->target == b->target);
    case FE_SNODE_BRANCH:
      if (a->branch != b->branch || a->min != b->min || a->max != b->max
          || !a->second != !b->second || !a->parry != !b->parry || a->parts->len != b->parts->len)
        return FALSE;
      for (guint i = 0; i < a->parts->len; i++)
        if (!node_equal (a->parts->pdata[i], b->parts->pdata[i]))
          return FALSE;
      return TRUE;
    case FE_SNODE_FORK:
    case FE_SNODE_CONSTRAINT:
      if (a->slot != b->slot || !a->forced != !b->forced || !a->suppressed != !b->suppressed)
        return FALSE;
      return node_equal (a->a, b->a);
    case FE_SNODE_NOT:
    case FE_SNODE_INVERT:
      return node_equal (a->a, b->a);
    case FE_SNODE_AND:
    case FE_SNODE_OR:
      return node_equal (a->a, b->a) && node_equal (a->b, b->b);
    }
  return FALSE;
}

gboolean
fe_sstip_equal (const FeSStip *a, const FeSStip *b)
{
  if (!a || !b)
    return a == b;
  return a->side == b->side && node_equal (a->root, b->root);
}
