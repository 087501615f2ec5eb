import { Link } from "@remix-run/react";
import { RichText } from "~/components/rich-text";
import { useTranslation } from "~/utils/translator";
import type { CallData } from "../../../server/contract";
import { INSTRUCTION_TYPES } from "~/utils/support";

type Instruction = CallData<"instruction">[number];

/** Links to the instruction types; the one shown is marked current. */
export function InstructionTabs({ current }: { current: string }) {
  const { t } = useTranslation("support");
  return (
    <nav aria-label={t("help.types_label")} className="support-tabs">
      {INSTRUCTION_TYPES.map((type) => (
        <Link
          key={type}
          to={type === "help" ? "/user/help" : `/user/help?type=${type}`}
          aria-current={type === current ? "page" : undefined}
        >
          {t(`help.type_${type}`)}
        </Link>
      ))}
    </nav>
  );
}

export function InstructionList({ items }: { items: Instruction[] }) {
  const { t } = useTranslation("support");
  if (items.length === 0) return <p className="records-empty">{t("help.empty")}</p>;
  return (
    <>
      {items.map((item, index) => (
        <section key={item.id} className="card" aria-labelledby={`instruction-${index}`}>
          <h2 id={`instruction-${index}`}>{item.title}</h2>
          <RichText text={item.content} />
        </section>
      ))}
    </>
  );
}
