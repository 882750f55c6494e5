package dev.lakeops.eval.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.lakeops.agent.archfixture.AgentThatStartsTheSandbox;
import dev.lakeops.eval.sandbox.SandboxException;
import dev.lakeops.runbooks.Category;
import dev.lakeops.table.archfixture.left.Left;
import dev.lakeops.table.archfixture.right.Right;
import dev.lakeops.tools.archfixture.ToolThatReadsRunbooks;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link ArchitectureTest} catch what they are for: test fixtures placed in the
 * product's packages break each rule on purpose (they are test classes, which the real check does
 * not import).
 */
class ArchitectureRulesTest {

  @Test
  void aToolThatDependsOnRunbooksBreaksTheModuleDirection() {
    JavaClasses classes =
        new ClassFileImporter().importClasses(ToolThatReadsRunbooks.class, Category.class);

    assertThatThrownBy(() -> ArchitectureTest.modules().check(classes))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("ToolThatReadsRunbooks")
        .hasMessageContaining("dev.lakeops.runbooks.Category");
  }

  @Test
  void anAgentClassThatDependsOnEvalBreaksTheModuleDirection() {
    JavaClasses classes =
        new ClassFileImporter()
            .importClasses(AgentThatStartsTheSandbox.class, SandboxException.class);

    assertThatThrownBy(() -> ArchitectureTest.modules().check(classes))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("AgentThatStartsTheSandbox")
        .hasMessageContaining("SandboxException");
  }

  @Test
  void twoPackagesThatUseEachOtherAreACycle() {
    JavaClasses classes = new ClassFileImporter().importClasses(Left.class, Right.class);

    assertThatThrownBy(() -> ArchitectureTest.packageCycles("table").check(classes))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Cycle detected")
        .hasMessageContaining("dev.lakeops.table.archfixture.left")
        .hasMessageContaining("dev.lakeops.table.archfixture.right");
  }

  @Test
  void oneWayDependenciesPassBothRules() {
    JavaClasses classes = new ClassFileImporter().importClasses(Right.class, Category.class);

    assertThatCode(() -> ArchitectureTest.packageCycles("table").check(classes))
        .doesNotThrowAnyException();
    assertThatCode(() -> ArchitectureTest.modules().check(classes)).doesNotThrowAnyException();
  }
}
